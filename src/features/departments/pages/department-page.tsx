import { useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { chevronBackOutline, createOutline } from '../../../shared/admin/admin-icons';
import { errorText } from '../../../shared/api/error-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { EnabledBadge } from '../components/department-columns';
import { DepartmentForm } from '../components/department-form';
import { HistoryTab } from '../components/history-tab';
import { StudentsTab } from '../components/students-tab';
import { AdminTabs, type AdminTab } from '../../../shared/admin/admin-tabs';
import { TeamTab } from '../components/team-tab';
import { departmentQueries } from '../queries';
import '../../../shared/admin/admin.css';
import '../departments.css';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

type TabId = 'team' | 'students' | 'history';

interface DepartmentPageProps {
  orgCode: string;
  departmentId: string;
  canManage: boolean;
  /** audit.view: the History tab names who changed what, so it shows only to those who may read the trail. */
  canSeeHistory: boolean;
}

/** One department: its summary, and its team, students (with their therapists) and history as tabs. */
export function DepartmentPage({ orgCode, departmentId, canManage, canSeeHistory }: DepartmentPageProps) {
  const query = useQuery(departmentQueries.detail(orgCode, departmentId));
  const [tab, setTab] = useState<TabId>('team');
  const [editing, setEditing] = useState(false);
  const tabs: AdminTab<TabId>[] = [
    { key: 'team', label: 'Team' },
    { key: 'students', label: 'Students' },
    ...(canSeeHistory ? [{ key: 'history' as const, label: 'History' }] : []),
  ];
  const department = query.data;

  return (
    <>
      <PageHeader title={department?.name ?? 'Department'} />
      <IonContent>
        <div className="page page--wide dept-screen">
          <Link to="/organization/departments" className="dept-back">
            <IonIcon icon={chevronBackOutline} aria-hidden="true" />
            All departments
          </Link>
          {query.isPending ? (
            <LoadingState label="Loading the department…" />
          ) : query.isError || !department ? (
            <ErrorState message={errorText(query.error, DEPARTMENTS_ERROR_TEXT.fetchDepartment)} onRetry={() => void query.refetch()} />
          ) : (
            <>
              <section className="dept-summary" aria-label="Department summary">
                <div className="dept-summary__facts">
                  <EnabledBadge isEnabled={department.is_enabled} />
                  <span>
                    {department.members_count} {department.members_count === 1 ? 'team member' : 'team members'}
                  </span>
                  <span>
                    {department.students_count} {department.students_count === 1 ? 'student' : 'students'}
                  </span>
                </div>
                {canManage && (
                  <IonButton fill="outline" onClick={() => setEditing(true)} aria-label={`Edit ${department.name}`}>
                    <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
                    Edit
                  </IonButton>
                )}
              </section>
              {!canManage && (
                <p className="muted admin-readonly">You can see this department; only people who manage departments can change it.</p>
              )}
              <AdminTabs label="Department" tabs={tabs} selected={tab} onSelect={setTab}>
                {tab === 'team' && <TeamTab orgCode={orgCode} departmentId={departmentId} canManage={canManage} />}
                {tab === 'students' && <StudentsTab orgCode={orgCode} departmentId={departmentId} canManage={canManage} />}
                {tab === 'history' && canSeeHistory && <HistoryTab orgCode={orgCode} departmentId={departmentId} />}
              </AdminTabs>
              <AdminDialog open={editing} title="Edit department" onClose={() => setEditing(false)}>
                {editing && <DepartmentForm orgCode={orgCode} department={department} onDone={() => setEditing(false)} />}
              </AdminDialog>
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}
