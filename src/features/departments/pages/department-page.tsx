import { useQuery } from '@tanstack/react-query';
import type { Department } from '../../../../contract/departments';
import { AdminDetailScreen } from '../../../shared/admin/detail-screen';
import { countText } from '../../../shared/ui/count-text';
import type { MyAccess } from '../../../shared/access/my-access';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { DepartmentForm } from '../components/department-form';
import { HistoryTab } from '../components/history-tab';
import { StudentsTab } from '../components/students-tab';
import { TeamTab } from '../components/team-tab';
import { layersOutline } from 'ionicons/icons';
import { departmentQueries } from '../queries';
import '../departments.css';

interface DepartmentPageProps {
  orgCode: string;
  orgId: string;
  departmentId: string;
  access: Pick<MyAccess, 'can'>;
}

/**
 * One department: its summary, and its team, students (with their therapists) and history as tabs.
 * The History tab names who changed what, so it shows only to those who may read the trail (audit.view).
 */
export function DepartmentPage({ orgCode, orgId, departmentId, access }: DepartmentPageProps) {
  const query = useQuery(departmentQueries.detail(orgCode, departmentId));
  const canSeeHistory = access.can('audit.view');
  const goals = { canRead: access.can('students.records'), canManage: access.can('goals.manage') };
  return (
    <AdminDetailScreen<Department>
      noun={{ one: 'department', many: 'departments' }}
      listPath="/organization/departments"
      query={query}
      item={query.data}
      fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchDepartment}
      icon={layersOutline}
      manageKey="departments.manage"
      access={access}
      summary={(department) => ({
        title: department.name,
        status: { label: department.is_active ? 'Enabled' : 'Disabled', isOn: department.is_active },
        facts: [
          countText(department.members_count, 'team member', 'team members'),
          countText(department.students_count, 'student', 'students'),
        ],
      })}
      editForm={(department, done) => <DepartmentForm orgCode={orgCode} department={department} onDone={done} />}
      sections={(department, canManage) => [
        { key: 'team', label: 'Team', panel: <TeamTab orgCode={orgCode} department={department} canManage={canManage} /> },
        {
          key: 'students',
          label: 'Students',
          panel: <StudentsTab orgCode={orgCode} orgId={orgId} department={department} canManage={canManage} goals={goals} />,
        },
        ...(canSeeHistory
          ? [{ key: 'history', label: 'History', panel: <HistoryTab orgCode={orgCode} departmentId={department.id} /> }]
          : []),
      ]}
    />
  );
}
