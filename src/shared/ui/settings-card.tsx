import type { ReactNode } from 'react';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '@ionic/react';

/** One card of a settings screen: a heading, a line saying what it is for, and its controls. */
export function SettingsCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <IonCard className="settings-card">
      <IonCardHeader>
        <IonCardTitle>
          <h2 className="card-title">{title}</h2>
        </IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        <p className="muted">{intro}</p>
        {children}
      </IonCardContent>
    </IonCard>
  );
}
