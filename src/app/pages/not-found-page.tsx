import { IonButton } from '@ionic/react';
import { compassOutline } from 'ionicons/icons';
import { Screen } from '../../shared/ui/screen';
import { EmptyState } from '../../shared/ui/page-states';

export function NotFoundPage() {
  return (
    <Screen title="Page not found">
      <EmptyState
        icon={compassOutline}
        title="This page does not exist"
        action={
          <IonButton routerLink="/" routerDirection="root">
            Go to the start page
          </IonButton>
        }
      >
        The link may be old, or the area is not part of Thera yet.
      </EmptyState>
    </Screen>
  );
}
