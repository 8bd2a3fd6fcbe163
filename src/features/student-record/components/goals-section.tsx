import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { schoolOutline } from 'ionicons/icons';
import type { StudentRecord, StudentRecordGoal } from '../../../../contract/student-record';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { NewGoalForm } from '../../../shared/goals/new-goal-form';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/page-states';
import { showToast } from '../../../shared/ui/toast-store';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from '../error-text';
import { useCreateGoalMutation, useDeleteGoalMutation, useUpdateGoalMutation } from '../mutations';
import { GoalEditForm } from './goal-edit-form';
import { GoalRow } from './goal-row';

export const CLOSED_GOALS = 'Goals and data are closed to your role by this student’s privacy template.';
const OTHER = 'Other goals';

/** The goals by domain, domains in alphabetical order and goals without one last. */
function byDomain(goals: StudentRecordGoal[]): [string, StudentRecordGoal[]][] {
  const groups = new Map<string, StudentRecordGoal[]>();
  for (const goal of goals) {
    const domain = goal.domain.trim() || OTHER;
    groups.set(domain, [...(groups.get(domain) ?? []), goal]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b)));
}

interface GoalsSectionProps {
  orgId: string;
  record: StudentRecord;
  canEdit: boolean;
}

/** The student's goals grouped by domain, each with its status and data summary; add, edit, retire for who may. */
export function GoalsSection({ orgId, record, canEdit }: GoalsSectionProps) {
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [ending, setEnding] = useState<StudentRecordGoal | null>(null);
  const create = useCreateGoalMutation(orgId);
  const heading = (
    <h2 id="goals-heading" className="admin-detail__subtitle">
      Goals
    </h2>
  );
  if (record.goals === null) {
    return (
      <section className="record-section" aria-labelledby="goals-heading">
        {heading}
        <p className="record-closed">{CLOSED_GOALS}</p>
      </section>
    );
  }
  const goals = record.goals;
  const editedGoal = goals.find((g) => g.goal_id === editing) ?? null;
  const canAdd = canEdit && record.departments.length > 0;
  const addButton = canAdd ? <IonButton onClick={() => setIsAdding(true)}>Add goal</IonButton> : undefined;
  return (
    <section className="record-section" aria-labelledby="goals-heading">
      <div className="record-section__head">
        {heading}
        {goals.length > 0 && addButton}
      </div>
      {goals.length === 0 ? (
        <EmptyState icon={schoolOutline} title="No goals yet" action={addButton}>
          {canAdd
            ? 'Give the student a goal: their therapists score it in each session.'
            : record.departments.length === 0
              ? 'Goals come with a department: place the student in one first.'
              : 'The student has no goals yet.'}
        </EmptyState>
      ) : (
        byDomain(goals).map(([domain, list]) => (
          <section key={domain} className="record-domain" aria-label={domain}>
            <h3 className="record-domain__title">{domain}</h3>
            <ul className="record-goals">
              {list.map((goal) => (
                <GoalRow
                  key={goal.goal_id}
                  goal={goal}
                  canEdit={canEdit}
                  onEdit={() => setEditing(goal.goal_id)}
                  onEnd={() => setEnding(goal)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      <Dialog open={isAdding} title="Add goal" onClose={() => setIsAdding(false)} wide>
        {isAdding && (
          <NewGoalForm
            studentId={record.student.id}
            departments={record.departments}
            create={create}
            errorText={TEXT.createGoal}
            onDone={() => setIsAdding(false)}
          />
        )}
      </Dialog>
      <Dialog
        open={editedGoal !== null}
        title={editedGoal ? `Edit “${editedGoal.title}”` : 'Edit goal'}
        onClose={() => setEditing(null)}
        wide
      >
        {editedGoal && <GoalEditForm orgId={orgId} goal={editedGoal} onDone={() => setEditing(null)} />}
      </Dialog>
      <EndGoalDialog orgId={orgId} goal={ending} onDone={() => setEnding(null)} />
    </section>
  );
}

/**
 * Retire or delete: a goal with recorded data is discontinued (its data and graph stay, and it can be
 * taken up again); one without data is deleted with its targets.
 */
function EndGoalDialog({ orgId, goal, onDone }: { orgId: string; goal: StudentRecordGoal | null; onDone: () => void }) {
  const update = useUpdateGoalMutation(orgId);
  const remove = useDeleteGoalMutation(orgId);
  const hasData = goal !== null && goal.summary.sessions_with_data > 0;
  function end() {
    if (!goal) {
      return;
    }
    if (hasData) {
      const retired = () => showToast(`Retired “${goal.title}”: its data stays on the record.`, 'success');
      update.mutate({ goalId: goal.goal_id, body: { status: 'discontinued' } }, { onSuccess: retired, onSettled: onDone });
    } else {
      remove.mutate(goal.goal_id, { onSuccess: () => showToast(`Deleted “${goal.title}”.`, 'success'), onSettled: onDone });
    }
  }
  return (
    <ConfirmDialog
      open={goal !== null}
      title={goal ? `${hasData ? 'Retire' : 'Delete'} “${goal.title}”?` : 'Retire goal?'}
      confirmLabel={hasData ? 'Retire (discontinue)' : 'Delete'}
      busyLabel={hasData ? 'Retiring…' : 'Deleting…'}
      isBusy={update.isPending || remove.isPending}
      onCancel={onDone}
      onConfirm={end}
    >
      <p>
        {hasData
          ? 'The goal has recorded data, so it is discontinued rather than deleted: its data and graph stay on the record, and it can be taken up again later.'
          : 'Nothing was recorded for this goal yet: it is deleted with its targets.'}
      </p>
    </ConfirmDialog>
  );
}
