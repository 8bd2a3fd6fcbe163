import { detailRoute, listRoute } from '../../../shared/admin/list-route';
import { ProgramPage } from './program-page';
import { ProgramsPage } from './programs-page';

/** Programs of the active organization; who may change them decides which controls show. */
export const ProgramsRoute = listRoute(ProgramsPage, 'programs.manage');

/** One program of the active organization, with its students, team and departments. */
export const ProgramRoute = detailRoute(({ organization, access, id }) => (
  <ProgramPage orgCode={organization.code} programId={id} access={access} />
));
