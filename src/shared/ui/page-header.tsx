import type { ReactNode } from 'react';
import { IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';

/** Toolbar of a signed-in screen; the menu button hides itself when the split pane shows the menu. */
export function PageHeader({ title, end }: { title: string; end?: ReactNode }) {
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          <IonMenuButton aria-label="Open navigation" />
        </IonButtons>
        <IonTitle>
          <h1 className="toolbar-title">{title}</h1>
        </IonTitle>
        {end && <IonButtons slot="end">{end}</IonButtons>}
      </IonToolbar>
    </IonHeader>
  );
}
