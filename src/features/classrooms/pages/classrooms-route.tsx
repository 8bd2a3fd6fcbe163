import { useParams } from 'react-router-dom';
import { listRoute } from '../../../shared/admin/list-route';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { ClassroomPage } from './classroom-page';
import { ClassroomsPage } from './classrooms-page';

/** Classrooms of the active organization; who may change them decides which controls show. */
export const ClassroomsRoute = listRoute(ClassroomsPage, 'classrooms.manage');

/** One classroom of the active organization (another organization's id answers "not found"). */
export function ClassroomRoute({ organization, access }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return <ClassroomPage key={id} orgCode={organization.code} classroomId={id} access={access} />;
}
