import { detailRoute, listRoute } from '../../../shared/admin/list-route';
import { ClassroomPage } from './classroom-page';
import { ClassroomsPage } from './classrooms-page';

/** Classrooms of the active organization; who may change them decides which controls show. */
export const ClassroomsRoute = listRoute(ClassroomsPage, 'classrooms.manage');

/** One classroom of the active organization (another organization's id answers "not found"). */
export const ClassroomRoute = detailRoute(({ organization, access, id }) => (
  <ClassroomPage orgCode={organization.code} classroomId={id} access={access} />
));
