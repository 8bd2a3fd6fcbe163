import { useEffect, useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import type { ResponseAt } from '../../../shared/api/client';
import type { schedulingDesk } from '../../../../contract/routes';
import { LIMITS } from '../../../../contract/limits';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import type { SlotOrigin, SlotRow } from '../plan-form';
import { conflictSentence, conflictsByRow, dayIn, rowTitle, sessionsText, spanIn, timeIn, zoneNote, type Names } from '../plan-words';

export type PlanAnswer = ResponseAt<typeof schedulingDesk.bulkTherasessions>;

interface Props {
  answer: PlanAnswer;
  origins: SlotOrigin[];
  rows: SlotRow[];
  names: Names;
  canOverride: boolean;
  isCreating: boolean;
  onCreate: (override: { reason: string } | null) => void;
  onChange: () => void;
}

const creating = (n: number) => `Creating ${sessionsText(n)}…`;

/** What the plan would make: how many sessions, the days skipped for closures, and every conflict, by slot. */
export function PlanPreview({ answer, origins, rows, names, canOverride, isCreating, onCreate, onChange }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The preview replaces nothing on screen: focus moves to it so a screen reader reads what it found.
  useEffect(() => heading.current?.focus(), [answer]);
  const zone = answer.time_zone;
  const hasConflicts = answer.conflict_count > 0;
  return (
    <section className="plan-preview" aria-labelledby="plan-preview-title">
      <h2 id="plan-preview-title" className="section-title" tabIndex={-1} ref={heading}>
        Preview: {sessionsText(answer.count)}
      </h2>
      <p className="muted">{zoneNote(zone)}</p>
      {answer.count === 0 && <p>The plan makes no sessions: no chosen day of the week falls between the first and the last day.</p>}
      {answer.skipped.length > 0 && (
        <div className="plan-preview__block">
          <h3>Skipped for closures ({answer.skipped.length})</h3>
          <ul>
            {answer.skipped.map((s) => (
              <li key={`${s.slot}-${s.start_at}`}>
                {dayIn(s.start_at, zone)}, {timeIn(s.start_at, zone)}: {s.closure}
              </li>
            ))}
          </ul>
        </div>
      )}
      {hasConflicts ? (
        <ConflictGroups answer={answer} origins={origins} rows={rows} names={names} />
      ) : (
        answer.count > 0 && <p>No conflicts: no therapist or student is booked twice, and nothing falls on a closure.</p>
      )}
      <div className="plan-preview__actions">
        <IonButton fill="outline" color="medium" onClick={onChange} disabled={isCreating}>
          Change the plan
        </IonButton>
        {!hasConflicts && answer.count > 0 && (
          <IonButton onClick={() => onCreate(null)} disabled={isCreating}>
            {isCreating ? creating(answer.count) : `Create ${sessionsText(answer.count)}`}
          </IonButton>
        )}
      </div>
      {hasConflicts && !canOverride && (
        <p className="plan-preview__note">
          Change the plan so nothing overlaps: only people allowed to book over conflicts can create it as it is.
        </p>
      )}
      {hasConflicts && canOverride && <OverrideForm count={answer.count} isCreating={isCreating} onCreate={onCreate} />}
    </section>
  );
}

function ConflictGroups({ answer, origins, rows, names }: Pick<Props, 'answer' | 'origins' | 'rows' | 'names'>) {
  const zone = answer.time_zone;
  const n = answer.conflict_count;
  return (
    <div className="plan-preview__block plan-preview__conflicts">
      <h3>{n === 1 ? '1 session meets a conflict' : `${n} sessions meet a conflict`}</h3>
      {conflictsByRow(answer.sessions, origins).map((group) => (
        <div key={group.row} className="plan-preview__group">
          <h4>
            Slot {group.row + 1}: {rows[group.row] ? rowTitle(rows[group.row]!, names) : ''}
          </h4>
          <ul>
            {group.sessions.map((s) => (
              <li key={`${s.slot}-${s.start_at}`}>
                <strong>{spanIn(s.start_at, s.end_at, zone)}</strong>: {s.conflicts.map((c) => conflictSentence(c, zone)).join(' ')}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Booking over the conflicts: for those allowed to, and always with a reason the history keeps. */
function OverrideForm({ count, isCreating, onCreate }: { count: number; isCreating: boolean; onCreate: Props['onCreate'] }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  function createAnyway() {
    if (reason.trim() === '') {
      setReasonError('Say why the sessions may overlap.');
      return;
    }
    onCreate({ reason: reason.trim() });
  }
  return (
    <div className="plan-preview__override">
      <TextAreaField
        label="Why may these sessions overlap?"
        name="override_reason"
        value={reason}
        onChange={(value) => {
          setReason(value);
          setReasonError(undefined);
        }}
        error={reasonError}
        maxlength={LIMITS.noteMax}
      />
      <IonButton color="warning" onClick={createAnyway} disabled={isCreating}>
        {isCreating ? creating(count) : `Create anyway (${sessionsText(count)})`}
      </IonButton>
    </div>
  );
}
