import { detailRoute, listRoute } from '../../../shared/admin/list-route';
import { DepartmentPage } from './department-page';
import { DepartmentsPage } from './departments-page';

/** Departments of the active organization; who may change them decides which controls show. */
export const DepartmentsRoute = listRoute(DepartmentsPage, 'departments.manage');

/** One department of the active organization (another organization's id answers "not found"). */
export const DepartmentRoute = detailRoute(({ organization, access, id }) => (
  <DepartmentPage orgCode={organization.code} orgId={organization.id} departmentId={id} access={access} />
));
