import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, trashOutline } from 'ionicons/icons';
import { LIMITS } from '../../../../contract/limits';
import { TARGET_STATUSES, type TargetStatus } from '../../../../contract/mastery';
import type { StudentRecordGoal } from '../../../../contract/student-record';
import { errorText } from '../../../shared/api/error-text';
import { TARGET_STATUS_WORDS } from '../../../shared/goals/goal-words';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from '../error-text';
import { useAddTargetMutation, useRemoveTargetMutation, useUpdateTargetMutation } from '../mutations';

type Target = StudentRecordGoal['sub_goals'][number];

interface TargetRowProps {
  target: Target;
  index: number;
  count: number;
  onChange: (body: { title?: string; position?: number; status?: TargetStatus }) => void;
  onRemove: () => void;
}

/** One target: its title (renamed when it loses focus), up and down, its status, and remove. */
function TargetRow({ target, index, count, onChange, onRemove }: TargetRowProps) {
  const [title, setTitle] = useState(target.title);
  const rename = () => title.trim() !== target.title && title.trim() !== '' && onChange({ title });
  return (
    <li className="record-target">
      <div
        className="record-target__title"
        onBlur={rename}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            rename();
          }
        }}
      >
        <TextField
          label={`Target ${index + 1}`}
          name={`target-${target.id}`}
          value={title}
          onChange={setTitle}
          maxlength={LIMITS.goalTitleMax}
        />
      </div>
      <SelectField
        label="Status"
        name={`target-status-${target.id}`}
        value={target.status}
        options={TARGET_STATUSES.map((s) => ({ value: s, label: TARGET_STATUS_WORDS[s] }))}
        onChange={(status) => onChange({ status: status as TargetStatus })}
      />
      <div className="record-target__buttons">
        <IonButton
          fill="clear"
          size="small"
          disabled={index === 0}
          onClick={() => onChange({ position: index - 1 })}
          aria-label={`Move ${target.title} up`}
        >
          <IonIcon icon={arrowUpOutline} aria-hidden="true" />
        </IonButton>
        <IonButton
          fill="clear"
          size="small"
          disabled={index === count - 1}
          onClick={() => onChange({ position: index + 1 })}
          aria-label={`Move ${target.title} down`}
        >
          <IonIcon icon={arrowDownOutline} aria-hidden="true" />
        </IonButton>
        <IonButton fill="clear" size="small" color="danger" onClick={onRemove} aria-label={`Remove ${target.title}`}>
          <IonIcon icon={trashOutline} aria-hidden="true" />
        </IonButton>
      </div>
    </li>
  );
}

/** A goal's targets, saved as they change: add, rename, move, set a status, remove (one with data stays: the server says why). */
export function TargetsEditor({ orgId, goal }: { orgId: string; goal: StudentRecordGoal }) {
  const update = useUpdateTargetMutation(orgId);
  const add = useAddTargetMutation(orgId);
  const remove = useRemoveTargetMutation(orgId);
  const [title, setTitle] = useState('');
  const failure = update.error ?? add.error ?? remove.error;
  const where = (t: Target) => ({ goalId: goal.goal_id, subGoalId: t.id });
  function addTarget() {
    if (title.trim() !== '') {
      add.mutate({ goalId: goal.goal_id, title }, { onSuccess: () => setTitle('') });
    }
  }
  return (
    <fieldset className="record-fieldset">
      <legend>Targets</legend>
      {goal.sub_goals.length === 0 && <p className="muted">No targets: the goal itself is scored.</p>}
      <ol className="record-targets">
        {goal.sub_goals.map((t, index) => (
          <TargetRow
            key={`${t.id}-${t.title}`}
            target={t}
            index={index}
            count={goal.sub_goals.length}
            onChange={(body) => update.mutate({ ...where(t), body })}
            onRemove={() => remove.mutate(where(t))}
          />
        ))}
      </ol>
      <div
        className="record-target-add"
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            addTarget();
          }
        }}
      >
        <TextField label="New target" name="new-target" value={title} onChange={setTitle} maxlength={LIMITS.goalTitleMax} />
        <IonButton fill="outline" onClick={addTarget} disabled={add.isPending}>
          Add target
        </IonButton>
      </div>
      {failure !== null && (
        <p className="form-error" role="alert">
          {errorText(failure, TEXT.updateTarget)}
        </p>
      )}
    </fieldset>
  );
}
