import type { ObservedValue, PointConflict, SessionConflicts } from '../../../../contract/collector-conflicts';
import type { CachedGoal } from '../../../shared/db/types';
import { deviceText, valueText } from '../conflicts';
import { secondsOf } from '../format';

interface Props {
  conflicts: SessionConflicts | null;
  goals: CachedGoal[];
  deviceId: string;
  timeZone: string | undefined;
}

/**
 * A count kept from one device: each device sends its whole count of the target (its taps add up
 * on the device, and the outbox sends the total), keyed like any trial, so the server keeps one
 * device's total, the later write, never their sum: it cannot tell taps both devices counted from
 * taps only one did. The sum of each device's last count is offered for the therapist to set.
 */
export function countDecision(c: PointConflict): string | null {
  if (c.kind !== 'frequency') {
    return null;
  }
  const lastByDevice = new Map<string, number>();
  for (const v of [...c.others, c.kept]) {
    lastByDevice.set(v.device_id, v.is_deletion ? 0 : (v.count ?? 0));
  }
  const kept = c.kept.is_deletion ? 0 : (c.kept.count ?? 0);
  const sum = [...lastByDevice.values()].reduce((a, b) => a + b, 0);
  return (
    `Counted on ${lastByDevice.size} devices: the count kept is one device's total (${kept}), not the sum. ` +
    `If they counted different moments, the sum is ${sum}: set the count to ${sum} with + on the target.`
  );
}

function targetName(goals: CachedGoal[], c: PointConflict): string {
  const goal = goals.find((g) => g.goal_id === c.goal_id);
  const sub = c.sub_goal_id ? goal?.sub_goals.find((s) => s.id === c.sub_goal_id) : undefined;
  return sub?.title ?? goal?.title ?? 'A goal no longer assigned';
}

function Observed({
  label,
  value,
  kind,
  deviceId,
  timeZone,
}: { label: string; value: ObservedValue; kind: PointConflict['kind'] } & Pick<Props, 'deviceId' | 'timeZone'>) {
  const received = value.received_at ? `, reached the server ${secondsOf(value.received_at, timeZone)}` : '';
  return (
    <p className={`conflict__value conflict__value--${label === 'Kept' ? 'kept' : 'other'}`}>
      <strong>{label}:</strong> {valueText(value, kind)} — {deviceText(value, deviceId)}, tapped {secondsOf(value.recorded_at, timeZone)}
      {received}
    </p>
  );
}

/**
 * The session's trials recorded on more than one device, for the therapist and whoever reviews the
 * session: the value that counts and every other one, so no value is replaced out of sight.
 */
export function ConflictsPanel({ conflicts, goals, deviceId, timeZone }: Props) {
  const list = conflicts?.conflicts ?? [];
  if (list.length === 0) {
    return null;
  }
  return (
    <section id="session-conflicts" className="conflicts" aria-labelledby="conflicts-title" data-testid="conflicts">
      <h2 id="conflicts-title">
        Recorded on more than one device <span className="muted">({list.length})</span>
      </h2>
      <p className="muted">
        These trials were recorded on two devices. The kept value counts in this session; the other values are kept too, so nothing is lost.
      </p>
      <ul className="conflicts__list">
        {list.map((c) => (
          <li key={`${c.goal_id}/${c.sub_goal_id ?? '-'}/${c.trial_no}`} className="conflict" data-testid="conflict">
            <h3 className="conflict__title">
              {targetName(goals, c)} · {c.kind === 'frequency' ? 'count' : `${c.kind === 'duration' ? 'episode' : 'trial'} ${c.trial_no}`}
            </h3>
            <Observed label="Kept" value={c.kept} kind={c.kind} deviceId={deviceId} timeZone={timeZone} />
            {c.others.map((o) => (
              <Observed
                key={`${o.device_id}#${o.device_seq}`}
                label="Not kept"
                value={o}
                kind={c.kind}
                deviceId={deviceId}
                timeZone={timeZone}
              />
            ))}
            {countDecision(c) && (
              <p className="conflict__decision" data-testid="count-decision">
                {countDecision(c)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A line at the top of the screen when some of this device's trials now show another device's value. */
export function ConflictsNotice({ replaced, total }: { replaced: number; total: number }) {
  if (total === 0) {
    return null;
  }
  const mine = replaced === 1 ? '1 of your trials now shows' : `${replaced} of your trials now show`;
  return (
    <p className="conflicts-note" role="note" data-testid="conflicts-note">
      {replaced > 0
        ? `${mine} a value recorded on another device.`
        : 'Another device recorded some of the same trials; your values are kept.'}{' '}
      <a href="#session-conflicts">See the {total === 1 ? 'trial' : `${total} trials`} recorded on more than one device</a>
    </p>
  );
}
