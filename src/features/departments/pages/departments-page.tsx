import { DepartmentOrdering, type Department } from '../../../../contract/departments';
import { departments } from '../../../../contract/routes';
import type { ResponseAt } from '../../../shared/api/client';
import { AdminListScreen, ENABLED_STATUS, type ListSetup, type StatusValue } from '../../../shared/admin/admin-list-screen';
import { departmentColumns } from '../components/department-columns';
import { DepartmentForm } from '../components/department-form';
import { layersOutline } from 'ionicons/icons';
import { useBulkDeleteRowsMutation, useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { DEPARTMENT_ROWS } from '../mutations';
import { departmentQueries } from '../queries';
import '../departments.css';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

const EMPTY_TEXT = 'Add the departments your organization works in, then their team and students.';
type DepartmentList = ResponseAt<typeof departments.listDepartments>;
const SETUP: ListSetup<Department, { isActive: StatusValue }, DepartmentOrdering, DepartmentList> = {
  words: { title: 'Departments', one: 'department', many: 'departments', icon: layersOutline, emptyText: EMPTY_TEXT },
  columns: departmentColumns,
  fetchErrorText: DEPARTMENTS_ERROR_TEXT.fetchDepartments,
  defaults: { ordering: 'name', orderings: DepartmentOrdering.options, ...ENABLED_STATUS.defaults },
  status: ENABLED_STATUS.status,
  figures: (list) => ENABLED_STATUS.figures('departments', list),
  className: 'dept-screen',
  deleteNote: (
    <p>
      This cannot be undone. A department that holds goals or sessions stays (disable it instead); its team and students are taken out with
      it.
    </p>
  ),
};

/** The organization's departments: stats header, filter, search, sort, create, edit, delete. */
export function DepartmentsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  return (
    <AdminListScreen
      setup={SETUP}
      canManage={canManage}
      listQuery={(state) => departmentQueries.list(orgCode, state)}
      remove={useDeleteRowMutation(DEPARTMENT_ROWS, orgCode)}
      bulkRemove={useBulkDeleteRowsMutation(DEPARTMENT_ROWS, orgCode)}
      form={(department, done) => <DepartmentForm orgCode={orgCode} department={department} onDone={done} />}
    />
  );
}
