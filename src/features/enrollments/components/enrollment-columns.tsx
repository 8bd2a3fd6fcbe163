import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { studentPath } from '../../../shared/routing/student-links';
import { column, MainCell } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import type { EnrollmentRow } from '../queries';
import { NEXT_STATUSES, ORG_STATUS_WORDS, parentAnswerText } from './enrollment-words';

export interface EnrollmentActions {
  canManage: boolean;
  onStatus: (row: EnrollmentRow) => void;
  onArchive: (row: EnrollmentRow) => void;
  onContract: (row: EnrollmentRow) => void;
}

const names = (list: { name: string }[], none: string) => list.map((item) => item.name).join(', ') || none;

/** The enrollments table: the student, both statuses, programs and departments, the contract and the row's own actions. */
export function enrollmentColumns(actions: EnrollmentActions): AdminColumn<EnrollmentRow>[] {
  return [
    column<EnrollmentRow>(
      'student',
      'Student',
      (e) => (
        <MainCell
          title={
            <Link className="admin-cell-main__title admin-link" to={studentPath(e.student.id)}>
              {e.name}
            </Link>
          }
          sub={e.student.code}
        />
      ),
      true,
    ),
    column<EnrollmentRow>('org_status', 'Status', (e) => (
      <div className="admin-cell-main">
        <span className="admin-cell-main__title">{ORG_STATUS_WORDS[e.org_status]}</span>
        {e.org_status_reason && <span className="admin-cell-main__sub">{e.org_status_reason}</span>}
      </div>
    )),
    column<EnrollmentRow>('parent_status', 'Parent', (e) => parentAnswerText(e)),
    column<EnrollmentRow>('placement', 'Programs and departments', (e) => (
      <MainCell title={names(e.programs, 'No programs')} sub={names(e.departments, 'No departments')} />
    )),
    column<EnrollmentRow>('contract', 'Contract', (e) =>
      e.contract_html ? (
        <IonButton fill="clear" size="small" onClick={() => actions.onContract(e)} aria-label={`View the contract of ${e.name}`}>
          View
        </IonButton>
      ) : (
        <span className="muted">None issued</span>
      ),
    ),
    ...(actions.canManage
      ? [
          column<EnrollmentRow>('actions', 'Change', (e) => (
            <div className="enrollment-row-actions">
              {!e.is_archived && NEXT_STATUSES[e.org_status].length > 0 && (
                <IonButton fill="outline" size="small" onClick={() => actions.onStatus(e)} aria-label={`Change the status of ${e.name}`}>
                  Status
                </IonButton>
              )}
              <IonButton fill="outline" size="small" color="medium" onClick={() => actions.onArchive(e)}>
                {e.is_archived ? 'Unarchive' : 'Archive'}
              </IonButton>
            </div>
          )),
        ]
      : []),
  ];
}
