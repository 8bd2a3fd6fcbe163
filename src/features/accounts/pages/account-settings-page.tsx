import { Screen } from '../../../shared/ui/screen';
import { ChangeEmailCard } from '../components/change-email-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { LockCard } from '../components/lock-card';

export function AccountSettingsPage() {
  return (
    <Screen title="Account & security" className="page page--cards">
      <ChangePasswordCard />
      <ChangeEmailCard />
      <LockCard />
    </Screen>
  );
}
