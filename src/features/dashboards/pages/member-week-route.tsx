import { useParams } from 'react-router-dom';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { MemberWeekPage } from './member-week-page';

/** One member's week in the active organization (the server answers 403 without dashboard.view, 404 for another organization's member). */
export function MemberWeekRoute({ organization }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return <MemberWeekPage key={id} organizationId={organization.id} membershipId={id} />;
}
