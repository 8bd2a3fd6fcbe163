import { useAuth } from '../../../shared/auth/auth-store';
import { Screen } from '../../../shared/ui/screen';
import { ProfileForm } from '../../../shared/ui/account-fields';
import { useUpdateProfileMutation } from '../mutations';

/** Name and phone of a therapist, parent or student; the session user follows. */
export function AccountProfilePage() {
  const { user } = useAuth();
  const save = useUpdateProfileMutation();
  return (
    <Screen title="My profile" className="page page--narrow">
      <ProfileForm
        initial={{ first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', phone_number: user?.phone_number ?? '' }}
        email={user?.email ?? ''}
        save={save}
      />
    </Screen>
  );
}
