import { useParams } from 'react-router-dom';
import type { OrganizationPageProps } from '../../shared/routing/app-route';
import { MemberPage } from '../../features/memberships/pages/member-page';
import { ProfileView } from '../../features/profile/components/profile-view';

/**
 * One member of the active organization (the server answers 403 without members.view, 404 for
 * another organization's member), with the professional profile the therapist keeps.
 */
export function MemberRoute({ organization, access }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <MemberPage
      key={id}
      orgCode={organization.code}
      membershipId={id}
      access={access}
      renderProfile={(profile) => <ProfileView profile={profile} />}
    />
  );
}
