import { useMemo, useState } from 'react';
import type { AssignedTherapist, DepartmentStudent } from '../../../../contract/departments';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { ChildList, type ChildListWords } from '../../../shared/admin/child-list';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog';
import { showToast } from '../../../shared/ui/toast-store';
import { fullName } from '../format';
import { personAddOutline, schoolOutline } from 'ionicons/icons';
import { useAddChildMutation, useRemoveChildMutation } from '../../../shared/admin/child-mutations';
import { DEPARTMENT_STUDENTS, useBulkRemoveStudentsMutation, useUnassignTherapistMutation } from '../mutations';
import { departmentQueries } from '../queries';
import { AssignTherapistForm } from './assign-therapist-form';
import { departmentStudentColumns } from './student-columns';
import { StudentGoalsDialog } from './student-goals-dialog';

const WORDS: ChildListWords = {
  one: 'student',
  many: 'students',
  add: 'Add student',
  addIcon: personAddOutline,
  icon: schoolOutline,
  empty: [
    'No students yet',
    'Add the students this department serves, then assign their therapists.',
    'No students are in this department yet.',
  ],
};

interface StudentsTabProps {
  orgCode: string;
  orgId: string;
  department: { id: string; name: string };
  canManage: boolean;
  /** Opening students' goals (students.records) and giving them goals (goals.manage). */
  goals: { canRead: boolean; canManage: boolean };
}

/** The department's students and their therapists: add, assign, unassign, remove (one or several). */
export function StudentsTab({ orgCode, orgId, department, canManage, goals }: StudentsTabProps) {
  const add = useAddChildMutation(DEPARTMENT_STUDENTS, orgCode, department.id);
  const remove = useRemoveChildMutation(DEPARTMENT_STUDENTS, orgCode, department.id);
  const bulk = useBulkRemoveStudentsMutation(orgCode, department.id);
  const [assigningTo, setAssigningTo] = useState<DepartmentStudent | null>(null);
  const [unassigning, setUnassigning] = useState<{ student: DepartmentStudent; therapist: AssignedTherapist } | null>(null);
  const [goalsOf, setGoalsOf] = useState<DepartmentStudent | null>(null);
  const columns = useMemo(
    () =>
      departmentStudentColumns({
        canManage,
        onAssign: setAssigningTo,
        onUnassign: (student, therapist) => setUnassigning({ student, therapist }),
        onGoals: goals.canRead ? setGoalsOf : null,
      }),
    [canManage, goals.canRead],
  );

  return (
    <>
      <ChildList
        words={WORDS}
        columns={columns}
        listQuery={(page) => departmentQueries.students(orgCode, department.id, page)}
        ordering="name"
        fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchDepartmentStudents}
        rowLabel={fullName}
        canManage={canManage}
        picker={{
          title: 'Add a student',
          searchLabel: 'Search the organization’s students',
          candidates: (text: string) => departmentQueries.organizationStudents(orgCode, text),
          fetchErrorText: ERROR_TEXT.fetchStudents,
          keyOf: (student) => student.id,
          labelOf: fullName,
          describe: (s) => (s.departments.length > 0 ? `${s.code} · ${s.departments.map((d) => d.name).join(', ')}` : s.code),
          verb: 'Add',
          emptyText: () => 'No one matches.',
          chosenText: 'In this department',
          onPick: (student) => add.mutateAsync(student.id),
          pickedText: (student) => `Added ${fullName(student)} to the department.`,
          refusedText: ERROR_TEXT.addStudent,
        }}
        linkedKeyOf={(student) => student.student_id}
        onRemove={(student) => remove.mutateAsync(student.id)}
        onBulkRemove={(ids) => bulk.mutateAsync(ids)}
        removeNote={<p>They leave {department.name} and its therapists’ collectors; their goals and recorded data stay.</p>}
      />
      <Dialog
        open={assigningTo !== null}
        title={assigningTo ? `Assign a therapist to ${fullName(assigningTo)}` : 'Assign a therapist'}
        onClose={() => setAssigningTo(null)}
      >
        {assigningTo && (
          <AssignTherapistForm orgCode={orgCode} departmentId={department.id} student={assigningTo} onDone={() => setAssigningTo(null)} />
        )}
      </Dialog>
      <UnassignDialog orgCode={orgCode} unassigning={unassigning} onDone={() => setUnassigning(null)} />
      <StudentGoalsDialog
        orgCode={orgCode}
        orgId={orgId}
        department={department}
        student={goalsOf}
        canManage={goals.canManage}
        onClose={() => setGoalsOf(null)}
      />
    </>
  );
}

interface UnassignDialogProps {
  orgCode: string;
  unassigning: { student: DepartmentStudent; therapist: AssignedTherapist } | null;
  onDone: () => void;
}

/** "Unassign Jordan Reyes?": the student leaves that therapist's collector; what was recorded stays. */
function UnassignDialog({ orgCode, unassigning, onDone }: UnassignDialogProps) {
  const unassign = useUnassignTherapistMutation(orgCode);
  return (
    <ConfirmDialog
      open={unassigning !== null}
      title={unassigning ? `Unassign ${fullName(unassigning.therapist)}?` : 'Unassign?'}
      confirmLabel="Unassign"
      busyLabel="Unassigning…"
      isBusy={unassign.isPending}
      onCancel={onDone}
      onConfirm={() => {
        if (!unassigning) {
          return;
        }
        const { student, therapist } = unassigning;
        unassign.mutate(therapist.id, {
          onSuccess: () => showToast(`Unassigned ${fullName(therapist)} from ${fullName(student)}.`, 'success'),
          onSettled: onDone,
        });
      }}
    >
      {unassigning && (
        <p>
          {fullName(unassigning.student)} leaves {fullName(unassigning.therapist)}’s collector; data already recorded stays.
        </p>
      )}
    </ConfirmDialog>
  );
}
