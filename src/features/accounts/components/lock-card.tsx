import { IonButton, IonCard, IonCardContent, IonCardHeader, IonCardTitle, IonIcon } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { useLockMutation } from '../mutations';

export function LockCard() {
  const lock = useLockMutation();
  return (
    <IonCard className="settings-card">
      <IonCardHeader>
        <IonCardTitle>
          <h2 className="card-title">Lock Thera</h2>
        </IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        <p className="muted">Stepping away from a shared tablet? Locking hides everything on screen until you enter your password again.</p>
        <IonButton color="dark" onClick={() => lock.mutate()} disabled={lock.isPending}>
          <IonIcon slot="start" icon={lockClosedOutline} aria-hidden="true" />
          {lock.isPending ? 'Locking…' : 'Lock now'}
        </IonButton>
      </IonCardContent>
    </IonCard>
  );
}
