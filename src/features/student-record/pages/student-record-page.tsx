import { IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { personOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import type { StudentRecord } from '../../../../contract/student-record';
import { isApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { studentSessionsPath } from '../../../shared/routing/student-links';
import { PageHeader } from '../../../shared/ui/page-header';
import { ErrorState, LoadingState, NotFoundState } from '../../../shared/ui/page-states';
import { formatCalendarDay } from '../../../shared/ui/time-zones';
import { STUDENT_RECORD_ERROR_TEXT } from '../error-text';
import { studentRecordQueries } from '../queries';
import { GoalsSection } from '../components/goals-section';
import { PlacementsSection } from '../components/placements-section';
import '../../../shared/admin/admin.css';
import '../../../shared/admin/detail.css';
import '../student-record.css';

const ENROLLMENT_WORDS: Record<NonNullable<StudentRecord['enrollment']>['org_status'], string> = {
  pending: 'Enrollment pending',
  active: 'Enrolled',
  on_hold: 'Enrollment on hold',
  discharged: 'Discharged',
};

const fullName = (r: StudentRecord) => `${r.student.first_name} ${r.student.last_name}`;

/** Who the student is: name, enrollment status, number and code, birth date when the viewer's role opens it. */
function RecordHeader({ record }: { record: StudentRecord }) {
  const { student, enrollment } = record;
  const isActive = enrollment?.org_status === 'active' && !enrollment.is_archived;
  const facts = [
    `Student no. ${student.number}`,
    student.code && `Code ${student.code}`,
    student.birth_date && `Born ${formatCalendarDay(student.birth_date)}`,
  ].filter(Boolean);
  return (
    <div className="admin-detail__header">
      <div>
        <div className="admin-detail__name">
          <h2 className="admin-detail__title">{fullName(record)}</h2>
          <span className={isActive ? 'admin-badge admin-badge--on' : 'admin-badge admin-badge--off'}>
            {enrollment ? ENROLLMENT_WORDS[enrollment.org_status] : 'Not enrolled'}
          </span>
        </div>
        <p className="admin-detail__facts">{facts.join(' · ')}</p>
      </div>
      {record.goals !== null && (
        <Link className="admin-link record-history-link" to={studentSessionsPath(student.id)}>
          Session history
        </Link>
      )}
    </div>
  );
}

/** The record not shown yet: loading, not there (or out of the reader's reach), or failed. */
function RecordWaiting({ query }: { query: { isPending: boolean; error: unknown; refetch: () => unknown } }) {
  if (query.isPending) {
    return <LoadingState label="Loading the student’s record…" />;
  }
  if (isApiError(query.error) && query.error.status === 404) {
    return (
      <NotFoundState icon={personOutline} title="Student not found" back={{ to: '/organization/people', label: 'Back to people' }}>
        This student is not on your caseload or does not exist.
      </NotFoundState>
    );
  }
  return <ErrorState message={errorText(query.error, STUDENT_RECORD_ERROR_TEXT.fetchRecord)} onRetry={() => void query.refetch()} />;
}

/** A student's page: who they are, where they are placed (and with whom), and their goals by domain. */
export function StudentRecordPage({ organization, access, studentId }: OrganizationPageProps & { studentId: string }) {
  const query = useQuery(studentRecordQueries.record(organization.id, studentId));
  const record = query.data;
  return (
    <>
      <PageHeader title={record ? fullName(record) : 'Student'} />
      <IonContent>
        <div className="page page--wide admin-detail student-record">
          {record ? (
            <>
              <RecordHeader record={record} />
              <PlacementsSection organization={organization} record={record} />
              <GoalsSection orgId={organization.id} record={record} canEdit={record.can.manage_goals && access.can('goals.manage')} />
            </>
          ) : (
            <RecordWaiting query={query} />
          )}
        </div>
      </IonContent>
    </>
  );
}
