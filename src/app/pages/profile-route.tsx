import { useAuth } from '../../shared/auth/auth-store';
import { OwnerProfilePage } from '../../features/organizations/pages/owner-profile-page';
import { AccountProfilePage } from '../../features/accounts/pages/account-profile-page';

/** Owners edit their owner profile (organizations API); everyone else their account profile. */
export function ProfileRoute() {
  const { user } = useAuth();
  return user?.user_type === 'ORG' ? <OwnerProfilePage /> : <AccountProfilePage />;
}
