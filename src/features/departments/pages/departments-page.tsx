import { useQuery } from '@tanstack/react-query';
import { DepartmentOrdering, type Department } from '../../../../contract/departments';
import { AdminListScreen, STATUS_VALUES, statusOptions, type StatusValue } from '../../../shared/admin/admin-list-screen';
import { useListState } from '../../../shared/admin/use-list-state';
import { departmentColumns } from '../components/department-columns';
import { DepartmentForm } from '../components/department-form';
import { DepartmentsStats } from '../components/departments-stats';
import { departmentsIcon } from '../icons';
import { useBulkDeleteDepartmentsMutation, useDeleteDepartmentMutation } from '../mutations';
import { departmentQueries } from '../queries';
import '../departments.css';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

const STATUS_OPTIONS = statusOptions('departments', 'Enabled', 'Disabled');
const rowLabel = (department: Department) => department.name;

/** The organization's departments: stats header, filter, search, sort, create, edit, delete. */
export function DepartmentsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<{ isEnabled: StatusValue }, DepartmentOrdering>({
    ordering: 'name',
    orderings: DepartmentOrdering.options,
    filters: { isEnabled: '' },
    filterValues: { isEnabled: STATUS_VALUES },
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(departmentQueries.list(orgCode, { page, pageSize, search, ordering, isEnabled: filters.isEnabled }));
  const remove = useDeleteDepartmentMutation(orgCode);
  const bulk = useBulkDeleteDepartmentsMutation(orgCode);

  return (
    <AdminListScreen
      title="Departments"
      canManage={canManage}
      className="dept-screen"
      noun={{ one: 'department', many: 'departments' }}
      columns={departmentColumns}
      query={query}
      fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchDepartments}
      list={list}
      defaultOrdering="name"
      rowLabel={rowLabel}
      stats={query.data && <DepartmentsStats list={query.data} />}
      statusFilter={{ name: 'is_enabled', filter: 'isEnabled', options: STATUS_OPTIONS }}
      empty={{ icon: departmentsIcon, text: 'Add the departments your organization works in, then their team and students.' }}
      remove={(department) => remove.mutateAsync(department.id)}
      bulkRemove={(ids) => bulk.mutateAsync(ids)}
      deleteNote={
        <p>
          This cannot be undone. A department that holds goals or sessions stays (disable it instead); its team and students are taken out
          with it.
        </p>
      }
      form={(department, done) => <DepartmentForm orgCode={orgCode} department={department} onDone={done} />}
    />
  );
}
