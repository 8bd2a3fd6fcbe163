import { Link } from 'react-router-dom';
import type { MembershipDetail } from '../../../../contract/memberships';
import { AdminStats } from '../../../shared/admin/admin-stats';
import { formatMinutes } from '../../../shared/ui/duration-text';

interface MemberWorkPanelProps {
  member: MembershipDetail;
  /** departments.view: department names link to the department. */
  canOpenDepartments: boolean;
}

/** What the member does here: workspace hours, sessions, departments and assigned students, each with its empty words. */
export function MemberWorkPanel({ member, canOpenDepartments }: MemberWorkPanelProps) {
  return (
    <div className="member-work">
      <AdminStats
        label="Hours and sessions"
        figures={[
          ['Workspace this month', formatMinutes(member.workspace_minutes.this_month)],
          ['Workspace last month', formatMinutes(member.workspace_minutes.last_month)],
          ['Sessions held', member.sessions.held],
          ['Upcoming sessions', member.sessions.upcoming],
        ]}
      />
      <h3 className="member-work__heading">Departments</h3>
      {member.departments.length === 0 ? (
        <p className="muted">Not in any department.</p>
      ) : (
        <ul className="member-work__list">
          {member.departments.map((department) => (
            <li key={department.id}>
              {canOpenDepartments ? <Link to={`/organization/departments/${department.id}`}>{department.name}</Link> : department.name}
            </li>
          ))}
        </ul>
      )}
      <h3 className="member-work__heading">Assigned students</h3>
      {member.assigned_students.length === 0 ? (
        <p className="muted">No students assigned.</p>
      ) : (
        <ul className="member-work__list">
          {member.assigned_students.map((student) => (
            <li key={student.id}>
              {student.first_name} {student.last_name} <span className="muted">· Code {student.code}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
