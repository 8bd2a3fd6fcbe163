import { IonButton, IonContent } from '@ionic/react';
import { compassOutline } from 'ionicons/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState } from '../../shared/ui/page-states';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <IonContent>
        <div className="page">
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
        </div>
      </IonContent>
    </>
  );
}
