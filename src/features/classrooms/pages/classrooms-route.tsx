import { useParams } from 'react-router-dom';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { ClassroomPage } from './classroom-page';
import { ClassroomsPage } from './classrooms-page';

/** Classrooms of the active organization; who may change them decides which controls show. */
export function ClassroomsRoute({ organization, access }: OrganizationPageProps) {
  return <ClassroomsPage orgCode={organization.code} canManage={access.can('classrooms.manage')} />;
}

/** One classroom of the active organization (another organization's id answers "not found"). */
export function ClassroomRoute({ organization, access }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return <ClassroomPage key={id} orgCode={organization.code} classroomId={id} access={access} />;
}
