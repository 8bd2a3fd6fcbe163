import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HistoryGoal, HistorySession } from '../../../../contract/session-history';
import { formatSpan, formatTimeRange } from '../../../shared/ui/time-zones';
import { correctionWords, goalName, promptWords, resultWords, STATUS_WORDS, valueWords } from '../words';
import { formatOrgMoment } from '../../../shared/ui/time-zones';

interface SessionRowProps {
  session: HistorySession;
  goals: Map<string, HistoryGoal>;
  timeZone: string;
  isOpen: boolean;
  onToggle: () => void;
}

const ENDED = new Set(['completed', 'ended_early']);

/** One session: a line that says when, who, what and how it went, opening to its results, note, conflicts and corrections. */
export function SessionRow({ session: s, goals, timeZone, isOpen, onToggle }: SessionRowProps) {
  const panelId = `session-${s.id}-details`;
  const noNote = ENDED.has(s.status) && s.end_note === '';
  return (
    <li id={`session-${s.id}`} className={`sh-row${isOpen ? ' sh-row--open' : ''}`}>
      <button type="button" className="sh-row__summary" aria-expanded={isOpen} aria-controls={panelId} onClick={onToggle}>
        <span className="sh-row__when">{formatSpan(s.planned_start, s.planned_end, timeZone)}</span>
        <span>{s.therapist.name}</span>
        <span className="muted">{s.service?.name ?? s.department?.name ?? 'No service'}</span>
        <span className={`sh-status sh-status--${s.status}`}>{STATUS_WORDS[s.status]}</span>
        <span className="muted">{s.duration_minutes} min</span>
        <span className="sh-row__flags">
          {noNote && <span className="sh-tag sh-tag--warn">No note</span>}
          {s.conflicts.length > 0 && <span className="sh-tag">Conflict</span>}
          {s.corrections.length > 0 && <span className="sh-tag">Corrected</span>}
        </span>
      </button>
      {isOpen && (
        <div id={panelId} className="sh-row__details">
          <SessionFacts session={s} timeZone={timeZone} />
          <h3>Therapist’s note</h3>
          {s.end_note ? <p className="sh-note">{s.end_note}</p> : <p className="muted">No note was written at the end of this session.</p>}
          {s.overtime_reason && (
            <>
              <h3>Why it ran over</h3>
              <p className="sh-note">{s.overtime_reason}</p>
            </>
          )}
          <Results session={s} goals={goals} />
          <Conflicts session={s} goals={goals} timeZone={timeZone} />
          <Corrections session={s} goals={goals} timeZone={timeZone} />
          <p>
            <Link to={`/organization/schedule/sessions/${s.id}`}>Open the session’s page</Link>
          </p>
        </div>
      )}
    </li>
  );
}

function SessionFacts({ session: s, timeZone }: { session: HistorySession; timeZone: string }) {
  return (
    <dl className="sh-facts">
      <dt>Planned</dt>
      <dd>{formatSpan(s.planned_start, s.planned_end, timeZone)}</dd>
      <dt>Ran</dt>
      <dd>
        {s.started_at && s.ended_at
          ? formatTimeRange(s.started_at, s.ended_at, timeZone)
          : s.started_at
            ? 'Started, not ended'
            : 'Did not run'}
      </dd>
      {s.department && (
        <>
          <dt>Department</dt>
          <dd>{s.department.name}</dd>
        </>
      )}
    </dl>
  );
}

function Results({ session: s, goals }: { session: HistorySession; goals: Map<string, HistoryGoal> }) {
  if (s.results.length === 0) {
    return <p className="muted">No data was recorded in this session.</p>;
  }
  return (
    <table className="sh-table">
      <caption>Results by goal</caption>
      <thead>
        <tr>
          <th scope="col">Goal or target</th>
          <th scope="col">Result</th>
          <th scope="col">Prompts</th>
        </tr>
      </thead>
      <tbody>
        {s.results.map((r) => (
          <tr key={`${r.goal_id}/${r.sub_goal_id ?? ''}`} className={r.sub_goal_id ? 'sh-table__target' : undefined}>
            <th scope="row">
              {r.sub_goal_id
                ? (goals.get(r.goal_id)?.targets.find((t) => t.id === r.sub_goal_id)?.title ?? 'A removed target')
                : goalName(goals, r.goal_id, null)}
            </th>
            <td>{resultWords(r)}</td>
            <td>{promptWords(r.prompt_levels) || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface SectionProps {
  session: HistorySession;
  goals: Map<string, HistoryGoal>;
  timeZone: string;
}

/** Which trial of which goal or target an item is about. */
function TrialName({
  goals,
  item,
}: {
  goals: Map<string, HistoryGoal>;
  item: { goal_id: string; sub_goal_id: string | null; trial_no: number };
}) {
  return (
    <strong>
      {goalName(goals, item.goal_id, item.sub_goal_id)}, trial {item.trial_no}
    </strong>
  );
}

const Conflicts = ({ session: s, goals, timeZone }: SectionProps) => (
  <ItemsSection
    label="Conflicts between devices"
    title="Two devices disagreed"
    items={s.conflicts}
    keyOf={(c) => `${c.goal_id}/${c.sub_goal_id ?? ''}/${c.trial_no}`}
    render={(c) => (
      <>
        <TrialName goals={goals} item={c} />
        <ul>
          {[{ v: c.kept, kept: true }, ...c.others.map((v) => ({ v, kept: false }))].map(({ v, kept }) => (
            <li key={`${v.device_id}#${v.device_seq}`}>
              {kept ? 'Kept' : 'Not kept'}: {valueWords(v)} from device {v.device_id}, sent by{' '}
              {v.recorded_by?.name ?? 'someone not recorded'} at {formatOrgMoment(v.recorded_at, timeZone)}
            </li>
          ))}
        </ul>
      </>
    )}
  />
);

const Corrections = ({ session: s, goals, timeZone }: SectionProps) => (
  <ItemsSection
    label="Corrections"
    title="Corrected afterwards"
    items={s.corrections}
    keyOf={(c) => c.point_id}
    render={(c) => (
      <>
        <TrialName goals={goals} item={c} />: {correctionWords(c)}, by {c.corrected_by?.name ?? 'someone not recorded'} on{' '}
        {formatOrgMoment(c.corrected_at, timeZone)}
      </>
    )}
  />
);

interface ItemsProps<T> {
  label: string;
  title: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}

/** A titled list of a session's items (its conflicts, its corrections), named for screen readers; nothing when there are none. */
function ItemsSection<T>({ label, title, items, keyOf, render }: ItemsProps<T>) {
  if (items.length === 0) {
    return null;
  }
  return (
    <section aria-label={label}>
      <h3>{title}</h3>
      <ul className="sh-items">
        {items.map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </ul>
    </section>
  );
}
