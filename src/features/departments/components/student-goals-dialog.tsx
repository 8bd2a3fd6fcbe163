import { useState } from 'react';
import type { DepartmentStudent } from '../../../../contract/departments';
import type { AssignedGoal } from '../../../../contract/goals-library';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog';
import { showToast } from '../../../shared/ui/toast-store';
import { fullName } from '../format';
import { useCreateGoalMutation, useDeleteGoalMutation } from '../mutations';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { NewGoalForm } from '../../../shared/goals/new-goal-form';
import { GoalList } from './goal-list';

interface StudentGoalsDialogProps {
  orgCode: string;
  orgId: string;
  department: { id: string; name: string };
  /** The student whose goals are open; null when the dialog is closed. */
  student: DepartmentStudent | null;
  canManage: boolean;
  onClose: () => void;
}

/** A student's goals in this department: what their therapists score, with add and remove for who may give goals. */
export function StudentGoalsDialog({ orgCode, orgId, department, student, canManage, onClose }: StudentGoalsDialogProps) {
  const [isAdding, setIsAdding] = useState(false);
  const create = useCreateGoalMutation(orgCode, orgId);
  const [removing, setRemoving] = useState<AssignedGoal | null>(null);
  const close = () => {
    setIsAdding(false);
    onClose();
  };
  return (
    <>
      <Dialog
        open={student !== null}
        title={student ? `Goals for ${fullName(student)}` : 'Goals'}
        onClose={close}
        wide
        closeText={isAdding ? undefined : 'Close'}
      >
        {student &&
          (isAdding ? (
            <NewGoalForm
              studentId={student.student_id}
              departments={[department]}
              create={create}
              errorText={DEPARTMENTS_ERROR_TEXT.createGoal}
              onDone={() => setIsAdding(false)}
            />
          ) : (
            <GoalList
              query={{ orgCode, orgId, studentId: student.student_id, departmentId: department.id }}
              departmentName={department.name}
              canManage={canManage}
              onAdd={() => setIsAdding(true)}
              onRemove={setRemoving}
            />
          ))}
      </Dialog>
      <RemoveGoalDialog orgCode={orgCode} orgId={orgId} goal={removing} onDone={() => setRemoving(null)} />
    </>
  );
}

interface RemoveGoalDialogProps {
  orgCode: string;
  orgId: string;
  goal: AssignedGoal | null;
  onDone: () => void;
}

/** "Remove “Names colours”?": a goal with recorded data stays (the server says so), one without goes with its targets. */
function RemoveGoalDialog({ orgCode, orgId, goal, onDone }: RemoveGoalDialogProps) {
  const remove = useDeleteGoalMutation(orgCode, orgId);
  return (
    <ConfirmDialog
      open={goal !== null}
      title={goal ? `Remove “${goal.title}”?` : 'Remove goal?'}
      confirmLabel="Remove"
      busyLabel="Removing…"
      isBusy={remove.isPending}
      onCancel={onDone}
      onConfirm={() => {
        if (!goal) {
          return;
        }
        remove.mutate(goal.goal_id, {
          onSuccess: () => showToast(`Removed “${goal.title}”.`, 'success'),
          onSettled: onDone,
        });
      }}
    >
      <p>The goal and its targets leave the therapists’ collectors. A goal that already has recorded data cannot be removed.</p>
    </ConfirmDialog>
  );
}
