import { IonButton, IonIcon } from '@ionic/react';
import type { AssignedTherapist, DepartmentStudent } from '../../../../contract/departments';
import { column, studentColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { fullName } from '../format';
import { closeOutline } from 'ionicons/icons';

interface TherapistActions {
  canManage: boolean;
  onAssign: (student: DepartmentStudent) => void;
  onUnassign: (student: DepartmentStudent, therapist: AssignedTherapist) => void;
}

/** Opens a student's goals in this department; null for who may not open students' records. */
type GoalsAction = ((student: DepartmentStudent) => void) | null;

/** The department's students with their therapists as chips; who may manage assigns and unassigns there. */
export function departmentStudentColumns({
  onGoals,
  ...actions
}: TherapistActions & { onGoals: GoalsAction }): AdminColumn<DepartmentStudent>[] {
  return [
    studentColumn(fullName, (student) => student.student_id, { sub: (student) => student.code }),
    column('therapists', 'Therapists', (student) => <TherapistChips student={student} {...actions} />),
    ...(onGoals
      ? [
          column<DepartmentStudent>('goals', 'Goals', (student) => (
            <IonButton fill="outline" size="small" onClick={() => onGoals(student)} aria-label={`Goals for ${fullName(student)}`}>
              Goals
            </IonButton>
          )),
        ]
      : []),
  ];
}

function TherapistChips({ student, canManage, onAssign, onUnassign }: TherapistActions & { student: DepartmentStudent }) {
  return (
    <div className="dept-chips">
      {student.assigned_therapists.length === 0 && <span className="muted">None assigned</span>}
      {student.assigned_therapists.map((therapist) => (
        <span key={therapist.id} className="dept-chip">
          {fullName(therapist)}
          {canManage && (
            <button
              type="button"
              className="dept-chip__remove"
              aria-label={`Unassign ${fullName(therapist)} from ${fullName(student)}`}
              onClick={() => onUnassign(student, therapist)}
            >
              <IonIcon icon={closeOutline} aria-hidden="true" />
            </button>
          )}
        </span>
      ))}
      {canManage && (
        <IonButton fill="clear" size="small" onClick={() => onAssign(student)} aria-label={`Assign a therapist to ${fullName(student)}`}>
          Assign therapist
        </IonButton>
      )}
    </div>
  );
}
