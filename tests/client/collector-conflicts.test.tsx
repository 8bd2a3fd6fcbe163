import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ObservedValue, SessionConflicts } from '../../contract/collector-conflicts';
import { ConflictsPanel, countDecision } from '../../src/features/collector/components/conflicts-panel';
import { PointsList } from '../../src/features/collector/components/points-list';
import type { TargetHandlers } from '../../src/features/collector/components/target-types';
import { trialNotes } from '../../src/features/collector/conflicts';
import { TrialNotesContext } from '../../src/features/collector/use-session-conflicts';
import { TheraDb } from '../../src/shared/db/db';
import { pointKey, type CachedGoal, type LocalPoint } from '../../src/shared/db/types';
import { commitWithOp } from '../../src/shared/outbox/commit';
import { drain } from '../../src/shared/outbox/drain';
import type { DrainDeps } from '../../src/shared/outbox/drain-state';
import { reportedConflicts } from '../../src/shared/outbox/reported-conflicts';
import type { OutboxRequest } from '../../src/shared/outbox/transport';
import type { OutboxOp } from '../../src/shared/outbox/types';
import { apiAnswer, loadCall } from './outbox-api-answer';

/**
 * Two devices on one trial: the conflicts an answer reports are kept on the device, and the trial
 * that now shows another device's value says so, with both values, the device and when; the
 * session's list names every value, kept or not.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ORG = '00000000-0000-4000-8000-0000000000aa';
const S = '11111111-1111-4111-8111-111111111111';
const GOAL = '33333333-3333-4333-8333-333333333333';
const ME = 'device-this-tablet-0001';
const OTHER = 'device-other-tablet-9f3c';
const pointId = (i: number) => `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`;
let n = 0;

function upsertOp(trial: number): OutboxOp {
  return {
    id: `op-${n++}-aaaaaaaa`,
    userId: 'u',
    organizationId: ORG,
    lane: `session:${S}`,
    kind: 'points.upsert',
    params: { id: S },
    body: { id: pointId(trial), goal_id: GOAL, sub_goal_id: null, trial_no: trial, kind: 'trial', outcome: 'correct' },
    coalesceKey: `${S}/${trial}`,
    state: 'pending',
    batchId: null,
    leaseUntil: 0,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    lastError: null,
  };
}

function deps(db: TheraDb, conflicted: number[], status = 200): DrainDeps {
  return {
    db,
    send: (request: OutboxRequest) => {
      const ids = (request.body as { points: { id: string }[] }).points.map((p) => p.id);
      const conflicts = ids.filter((id) => conflicted.some((trial) => pointId(trial) === id));
      return Promise.resolve(apiAnswer(request, status, { applied: ids.length, stale: 0, received_ids: ids, conflicts }));
    },
    loadCall: vi.fn(loadCall),
    now: () => 1_000,
    newId: () => `batch-${n++}-aaaaaaaa`,
    userId: 'u',
    exclusive: true,
    random: () => 0.5,
  };
}

async function dbWith(trials: number[]) {
  const db = new TheraDb(`conflicts-${n++}`);
  await db.open();
  for (const trial of trials) {
    await commitWithOp(db.backendDB(), [], upsertOp(trial));
  }
  return db;
}

describe('conflicts an answer reports', () => {
  it('keeps the point ids a delivered batch names in conflicts, batch after batch', async () => {
    const db = await dbWith([1, 2, 3]);
    expect((await drain(deps(db, [2]))).sent).toBe(3);
    for (const trial of [4, 5]) {
      await commitWithOp(db.backendDB(), [], upsertOp(trial));
    }
    await drain(deps(db, [5]));
    expect(await reportedConflicts(db, `session:${S}`)).toEqual([pointId(2), pointId(5)]);
  });

  it('keeps nothing from a batch that was not delivered', async () => {
    const db = await dbWith([1]);
    await drain(deps(db, [1], 503));
    expect(await reportedConflicts(db, `session:${S}`)).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
  });
});

const observed = (device: string, outcome: ObservedValue['outcome'], tappedAt: string, received: string | null): ObservedValue => ({
  point_id: pointId(device === ME ? 1 : 2),
  outcome,
  prompt_level: null,
  count: null,
  duration_ms: null,
  is_deletion: false,
  device_id: device,
  device_seq: 7,
  recorded_by: { id: '55555555-5555-4555-8555-555555555555', name: 'Jordan Reyes' },
  recorded_at: tappedAt,
  received_at: received,
});

/** Trial 3: the other device's later tap is kept over mine. Trial 4: mine is kept over the other's. */
const CONFLICTS: SessionConflicts = {
  session_id: S,
  conflicts: [
    {
      goal_id: GOAL,
      sub_goal_id: null,
      trial_no: 3,
      kind: 'trial',
      kept: observed(OTHER, 'incorrect', '2026-11-23T15:02:00.000Z', '2026-11-23T15:10:00.000Z'),
      others: [observed(ME, 'correct', '2026-11-23T15:01:00.000Z', '2026-11-23T15:09:00.000Z')],
    },
    {
      goal_id: GOAL,
      sub_goal_id: null,
      trial_no: 4,
      kind: 'trial',
      kept: observed(ME, 'prompted', '2026-11-23T15:03:00.000Z', '2026-11-23T15:09:00.000Z'),
      others: [observed(OTHER, 'no_response', '2026-11-23T15:02:30.000Z', null)],
    },
  ],
};

describe('what the therapist reads', () => {
  it('notes a trial whose value another device replaced, with both values, which device, who and when', () => {
    const notes = trialNotes(CONFLICTS, ME, 'UTC');
    expect(notes.get(pointKey(S, GOAL, null, 3))).toEqual({
      isMineReplaced: true,
      text: 'Changed by another device (…9f3c), Jordan Reyes: Incorrect (tapped 3:02:00 PM) is kept; yours was Correct (tapped 3:01:00 PM).',
    });
    expect(notes.get(pointKey(S, GOAL, null, 4))).toEqual({
      isMineReplaced: false,
      text: 'Also recorded on another device (…9f3c), Jordan Reyes: No response (tapped 3:02:30 PM); yours (Prompted) is kept.',
    });
    // The other device reads the same conflicts the other way round.
    expect(trialNotes(CONFLICTS, OTHER, 'UTC').get(pointKey(S, GOAL, null, 4))?.isMineReplaced).toBe(true);
    expect(trialNotes(CONFLICTS, 'a-third-device-0000', 'UTC').size).toBe(0);
  });

  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('shows the note under the trial and lists every value of the session', () => {
    const shown: LocalPoint = {
      key: pointKey(S, GOAL, null, 3),
      id: pointId(2),
      sessionId: S,
      goalId: GOAL,
      subGoalId: null,
      trialNo: 3,
      kind: 'trial',
      outcome: 'incorrect',
      promptLevel: null,
      count: null,
      durationMs: null,
      recordedAt: '2026-11-23T15:02:00.000Z',
      deviceSeq: 7,
      deviceId: OTHER,
      deleted: false,
      corrected: false,
      userId: 'u',
    };
    const goals = [{ goal_id: GOAL, title: 'Clap hands', sub_goals: [] }] as unknown as CachedGoal[];
    act(() =>
      root.render(
        <TrialNotesContext.Provider value={trialNotes(CONFLICTS, ME, 'UTC')}>
          <PointsList points={[shown]} promptLevels={[]} targetName="Clap hands" handlers={{} as TargetHandlers} />
          <ConflictsPanel conflicts={CONFLICTS} goals={goals} deviceId={ME} timeZone="UTC" />
        </TrialNotesContext.Provider>,
      ),
    );
    const note = container.querySelector('[data-testid="trial-conflict"]');
    expect(note?.textContent).toBe(
      'Trial 3: Changed by another device (…9f3c), Jordan Reyes: Incorrect (tapped 3:02:00 PM) is kept; yours was Correct (tapped 3:01:00 PM).',
    );
    const items = [...container.querySelectorAll('[data-testid="conflict"]')].map((li) => li.textContent);
    expect(items).toEqual([
      'Clap hands · trial 3' +
        'Kept: Incorrect — another device (…9f3c), Jordan Reyes, tapped 3:02:00 PM, reached the server 3:10:00 PM' +
        'Not kept: Correct — this device, Jordan Reyes, tapped 3:01:00 PM, reached the server 3:09:00 PM',
      'Clap hands · trial 4' +
        'Kept: Prompted — this device, Jordan Reyes, tapped 3:03:00 PM, reached the server 3:09:00 PM' +
        'Not kept: No response — another device (…9f3c), Jordan Reyes, tapped 3:02:30 PM',
    ]);
  });
});

describe('one frequency target counted on two devices', () => {
  const count = (device: string, n: number, tappedAt: string): ObservedValue => ({
    ...observed(device, null, tappedAt, tappedAt),
    count: n,
    device_seq: n,
  });
  /** The same therapist counted 4 on this device and 1 on the other; the other's later write is kept. */
  const COUNTED: SessionConflicts = {
    session_id: S,
    conflicts: [
      {
        goal_id: GOAL,
        sub_goal_id: null,
        trial_no: 1,
        kind: 'frequency',
        kept: count(OTHER, 1, '2026-11-23T15:05:00.000Z'),
        others: [count(ME, 3, '2026-11-23T15:03:00.000Z'), count(ME, 4, '2026-11-23T15:04:00.000Z')],
      },
    ],
  };

  it('says the count kept is one device’s total, not the sum, and names the sum of each device’s last count', () => {
    const c = COUNTED.conflicts[0]!;
    expect(countDecision(c)).toBe(
      "Counted on 2 devices: the count kept is one device's total (1), not the sum. If they counted different moments, the sum is 5: set the count to 5 with + on the target.",
    );
    expect(countDecision(CONFLICTS.conflicts[0]!)).toBeNull();
  });

  it('shows the decision in the conflicts list, titled as a count, and the note on the counter', async () => {
    const goals = [{ goal_id: GOAL, title: 'Hand raises', sub_goals: [] }] as unknown as CachedGoal[];
    const { FrequencyTarget } = await import('../../src/features/collector/components/frequency-target');
    const mine: LocalPoint = {
      key: pointKey(S, GOAL, null, 1),
      id: pointId(2),
      sessionId: S,
      goalId: GOAL,
      subGoalId: null,
      trialNo: 1,
      kind: 'frequency',
      outcome: null,
      promptLevel: null,
      count: 1,
      durationMs: null,
      recordedAt: '2026-11-23T15:05:00.000Z',
      deviceSeq: 7,
      deviceId: OTHER,
      deleted: false,
      corrected: false,
      userId: 'u',
    };
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() =>
      root.render(
        <TrialNotesContext.Provider value={trialNotes(COUNTED, ME, 'UTC')}>
          <FrequencyTarget goalId={GOAL} subGoalId={null} name="Hand raises" points={[mine]} canRecord handlers={{} as TargetHandlers} />
          <ConflictsPanel conflicts={COUNTED} goals={goals} deviceId={ME} timeZone="UTC" />
        </TrialNotesContext.Provider>,
      ),
    );
    expect(container.querySelector('.conflict__title')?.textContent).toBe('Hand raises · count');
    expect(container.querySelector('[data-testid="count-decision"]')?.textContent).toContain('not the sum');
    expect(container.querySelector('[data-testid="count-conflict"]')?.textContent).toBe(
      'Changed by another device (…9f3c), Jordan Reyes: count 1 (tapped 3:05:00 PM) is kept; yours was count 4 (tapped 3:04:00 PM). Why one count, not the sum',
    );
    act(() => root.unmount());
  });
});
