import { useParams } from 'react-router-dom';
import { listRoute } from '../../../shared/admin/list-route';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { DepartmentPage } from './department-page';
import { DepartmentsPage } from './departments-page';

/** Departments of the active organization; who may change them decides which controls show. */
export const DepartmentsRoute = listRoute(DepartmentsPage, 'departments.manage');

/** One department of the active organization (another organization's id answers "not found"). */
export function DepartmentRoute({ organization, access }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return <DepartmentPage key={id} orgCode={organization.code} orgId={organization.id} departmentId={id} access={access} />;
}
