import { useEffect, useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import type { ResponseAt } from '../../../shared/api/client';
import type { schedulingDesk } from '../../../../contract/routes';
import { LIMITS } from '../../../../contract/limits';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import type { SlotOrigin, SlotRow } from '../plan-form';
import { sessionsText, zoneNote, type Names } from '../plan-words';
import { planCounts, planDates, type PlanCounts } from '../plan-dates';
import { PlanDateList } from './plan-date-list';

export type PlanAnswer = ResponseAt<typeof schedulingDesk.bulkTherasessions>;

interface Props {
  answer: PlanAnswer;
  origins: SlotOrigin[];
  rows: SlotRow[];
  names: Names;
  canOverride: boolean;
  isCreating: boolean;
  isAsking: boolean;
  /** The person's choice about past dates, shown at once while the preview is asked again. */
  includePast: boolean;
  onIncludePast: (include: boolean) => void;
  onCreate: (override: { reason: string } | null) => void;
  onChange: () => void;
}

const creating = (n: number) => `Creating ${sessionsText(n)}…`;

/**
 * What the plan would make before anything is written: the counts first, the dates already past (left
 * out unless the person includes them), then every date with its time and what stands in its way.
 */
export function PlanPreview(props: Props) {
  const { answer, origins, rows, names, canOverride, isCreating, onCreate, onChange } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // The preview replaces nothing on screen: focus moves to it so a screen reader reads what it found.
  useEffect(() => heading.current?.focus(), [answer]);
  const zone = answer.time_zone;
  const counts = planCounts(answer);
  const hasConflicts = answer.conflict_count > 0;
  return (
    <section className="plan-preview" aria-labelledby="plan-preview-title">
      <h2 id="plan-preview-title" className="section-title" tabIndex={-1} ref={heading}>
        Preview: {sessionsText(answer.count)}
      </h2>
      <p className="muted">{zoneNote(zone)}</p>
      <PlanSummary counts={counts} />
      {counts.past > 0 && (
        <PastChoice counts={counts} checked={props.includePast} isAsking={props.isAsking} onIncludePast={props.onIncludePast} />
      )}
      {answer.count === 0 && counts.past === 0 && counts.closed === 0 && (
        <p>The plan makes no sessions: no chosen day of the week falls between the first and the last day.</p>
      )}
      {!hasConflicts && answer.count > 0 && (
        <p>No conflicts: no therapist or student is booked twice, and no planned session falls on a closure.</p>
      )}
      <PlanDateList dates={planDates(answer, origins)} rows={rows} names={names} zone={zone} />
      <div className="plan-preview__actions">
        <IonButton fill="outline" color="medium" onClick={onChange} disabled={isCreating}>
          Change the plan
        </IonButton>
        {!hasConflicts && answer.count > 0 && (
          <IonButton onClick={() => onCreate(null)} disabled={isCreating || props.isAsking}>
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

/** The plan in figures, before its dates: what it makes, what meets a conflict, what is past, what is closed. */
function PlanSummary({ counts }: { counts: PlanCounts }) {
  return (
    <ul className="plan-summary" aria-label="The plan in figures">
      <li>
        <strong>{counts.planned}</strong> to create
      </li>
      <li className={counts.conflicts > 0 ? 'plan-summary--warn' : undefined}>
        <strong>{counts.conflicts}</strong> with a conflict
      </li>
      <li className={counts.past > 0 ? 'plan-summary--warn' : undefined}>
        <strong>{counts.past}</strong> in the past{counts.past > 0 ? (counts.pastIncluded ? ', included' : ', left out') : ''}
      </li>
      <li>
        <strong>{counts.closed}</strong> skipped for closures
      </li>
    </ul>
  );
}

/** Dates before now: left out unless the person means to record sessions that already happened. */
function PastChoice(props: { counts: PlanCounts; checked: boolean; isAsking: boolean; onIncludePast: Props['onIncludePast'] }) {
  const { counts, isAsking, onIncludePast } = props;
  const one = counts.past === 1;
  const left = one
    ? 'It is left out: nothing is booked in the past unless you ask. Include it only to record a session that already happened.'
    : 'They are left out: nothing is booked in the past unless you ask. Include them only to record sessions that already happened.';
  const kept = one ? 'It will be created as a session that already happened.' : 'They will be created as sessions that already happened.';
  return (
    <div className="plan-preview__past" role="note">
      <h3>{one ? '1 date is already past' : `${counts.past} dates are already past`}</h3>
      <p>{counts.pastIncluded ? kept : left}</p>
      <label className="plan-preview__past-choice">
        <input
          type="checkbox"
          checked={counts.pastIncluded}
          disabled={isAsking}
          onChange={(event) => onIncludePast(event.target.checked)}
        />
        {one ? 'Include the date in the past' : `Include the ${counts.past} dates in the past`}
      </label>
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
