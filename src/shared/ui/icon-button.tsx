import type { ComponentProps } from 'react';
import { IonButton, IonIcon } from '@ionic/react';

/** A button with an icon before its words: the icon is decoration, the words name the button. */
export function IconButton({ icon, children, ...button }: ComponentProps<typeof IonButton> & { icon: string }) {
  return (
    <IonButton {...button}>
      <IonIcon slot="start" icon={icon} aria-hidden="true" />
      {children}
    </IonButton>
  );
}
