import { useParams } from 'react-router-dom';
import { listRoute } from '../../../shared/admin/list-route';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { ProgramPage } from './program-page';
import { ProgramsPage } from './programs-page';

/** Programs of the active organization; who may change them decides which controls show. */
export const ProgramsRoute = listRoute(ProgramsPage, 'programs.manage');

/** One program of the active organization, with its students, team and departments. */
export function ProgramRoute({ organization, access }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return <ProgramPage key={id} orgCode={organization.code} programId={id} access={access} />;
}
