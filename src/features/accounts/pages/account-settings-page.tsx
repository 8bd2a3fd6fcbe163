import { IonContent } from '@ionic/react';
import { PageHeader } from '../../../shared/ui/page-header';
import { ChangeEmailCard } from '../components/change-email-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { LockCard } from '../components/lock-card';

export function AccountSettingsPage() {
  return (
    <>
      <PageHeader title="Account & security" />
      <IonContent>
        <div className="page page--cards">
          <ChangePasswordCard />
          <ChangeEmailCard />
          <LockCard />
        </div>
      </IonContent>
    </>
  );
}
