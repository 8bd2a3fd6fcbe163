import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordTrial } from '../../src/features/collector/actions';
import { currentTrial, frequencyPoint } from '../../src/features/collector/collector-state';
import { getDb } from '../../src/shared/db/db';
import type { LocalPoint } from '../../src/shared/db/types';
import { outbox } from '../../src/shared/outbox/outbox';
import { FREQ, GOAL, ORG, S, SUB, USER, storeSessionOnDevice, useOfflineDevice, type CollectorHook } from '../helpers/collector-device';

/**
 * Two screens of one session writing into one device database, as two tabs do. Both screens live in
 * one page here, so they do not hear each other's announcements (tab-sync.ts ignores its own page):
 * what keeps their numbers apart is the device refusing a number or version already written.
 */
const TARGET = `${S}/${GOAL}/${SUB}`;
const COUNTER = `${S}/${FREQ}/-`;

const device = useOfflineDevice();
let tabs: Awaited<ReturnType<typeof device.mountScreen>>[] = [];
const tab = (index: number) => tabs[index]!.current();

beforeEach(async () => {
  await storeSessionOnDevice('in_progress');
  tabs = [await device.mountScreen(), await device.mountScreen()];
});

async function storedPoints(prefix: string): Promise<LocalPoint[]> {
  return (await getDb().points.toArray()).filter((p) => p.key.startsWith(`${prefix}/`)).sort((a, b) => a.trialNo - b.trialNo);
}
async function upserts() {
  return (await getDb().outbox.toArray())
    .filter((o) => o.kind === 'points.upsert')
    .map((o) => o.body as { id: string; trial_no: number; outcome: string | null; count: number | null });
}

describe('two tabs on one session', () => {
  it('a write of a trial number already on the device fails whole: no point replaced, no operation queued', async () => {
    const target = { session: { id: S, organization_id: ORG }, goalId: GOAL, subGoalId: SUB };
    const trial = currentTrial(tab(0).state!, GOAL, SUB);
    const first = recordTrial(target, USER, trial, 'correct', null);
    const second = recordTrial(target, USER, trial, 'incorrect', null);
    await first.durable;
    await expect(second.durable).rejects.toMatchObject({ name: 'ConstraintError' });
    const points = await storedPoints(TARGET);
    expect(points.map((p) => [p.trialNo, p.outcome, p.id])).toEqual([[1, 'correct', first.point.id]]);
    expect((await upserts()).map((o) => o.id)).toEqual([first.point.id]);
  });

  it('taps in both tabs at the same moment take the next free numbers: every tap kept once, none overwritten', async () => {
    await act(async () => {
      for (let round = 0; round < 5; round++) {
        // Simultaneous: both screens hold the same current trial when they tap.
        await Promise.all([tab(0).handlers.score(GOAL, SUB, 'correct'), tab(1).handlers.score(GOAL, SUB, 'incorrect')]);
        // Alternating, each without having heard of the other's tap.
        await tab(0).handlers.score(GOAL, SUB, 'correct');
        await tab(1).handlers.score(GOAL, SUB, 'incorrect');
      }
    });
    expect(tab(0).failure).toBeNull();
    expect(tab(1).failure).toBeNull();
    const points = await storedPoints(TARGET);
    expect(points.map((p) => p.trialNo)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(points.filter((p) => p.outcome === 'correct')).toHaveLength(10);
    expect(points.filter((p) => p.outcome === 'incorrect')).toHaveLength(10);
    // One operation per tap, each with its own number, for the point stored under it.
    const ops = await upserts();
    expect(ops.map((o) => o.trial_no).sort((a, b) => a - b)).toEqual(points.map((p) => p.trialNo));
    expect(new Set(ops.map((o) => o.id))).toEqual(new Set(points.map((p) => p.id)));
    // Each screen shows its own taps with the numbers they were saved under.
    const mine = (h: CollectorHook) => h.state!.byTarget[TARGET]!.filter((p) => p.outcome === (h === tab(0) ? 'correct' : 'incorrect'));
    for (const h of [tab(0), tab(1)]) {
      expect(mine(h).map((p) => [p.trialNo, p.id])).toEqual(
        points.filter((p) => mine(h).some((q) => q.id === p.id)).map((p) => [p.trialNo, p.id]),
      );
    }
  });

  it('a tab that keeps losing the number to a tab tapping without pause still saves its tap', async () => {
    // The first tab has a long burst queued (taps faster than the device writes); the second taps
    // once meanwhile: its every try meets a number the first tab has just taken. CI saw such a tap
    // give up after ten tries (a read, then a write, each time one step behind).
    await act(async () => {
      const burst = Array.from({ length: 40 }, () => tab(0).handlers.score(GOAL, SUB, 'correct'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await Promise.all([...burst, tab(1).handlers.score(GOAL, SUB, 'incorrect')]);
    });
    expect(tab(0).failure).toBeNull();
    expect(tab(1).failure).toBeNull();
    const points = await storedPoints(TARGET);
    expect(points.map((p) => p.trialNo)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(points.filter((p) => p.outcome === 'incorrect')).toHaveLength(1);
  });

  it('counts of both tabs add up, also when they change the same count at the same moment', async () => {
    await act(async () => {
      for (let round = 0; round < 4; round++) {
        await Promise.all([tab(0).handlers.count(FREQ, null, 1), tab(1).handlers.count(FREQ, null, 1)]);
      }
      await tab(1).handlers.count(FREQ, null, 1);
      await tab(0).handlers.count(FREQ, null, 1);
    });
    const [point] = await storedPoints(COUNTER);
    expect(point?.count).toBe(10);
    // Every change was made on top of the one before: the counts sent are 1..10, each once.
    expect((await upserts()).map((o) => o.count)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // The tab that wrote last shows the device's count.
    expect(frequencyPoint(tab(0).state!.byTarget[COUNTER])?.count).toBe(10);
  });

  it('an undone trial is taken again by one tab only; the other tab moves on', async () => {
    await act(async () => {
      await tab(0).handlers.score(GOAL, SUB, 'correct');
      await tab(0).handlers.undo();
    });
    expect(currentTrial(tab(0).state!, GOAL, SUB).trialNo).toBe(1);
    await act(async () => {
      await Promise.all([tab(0).handlers.score(GOAL, SUB, 'no_response'), tab(1).handlers.score(GOAL, SUB, 'incorrect')]);
    });
    const points = await storedPoints(TARGET);
    expect(points.map((p) => [p.trialNo, p.deleted])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(points.map((p) => p.outcome).sort()).toEqual(['incorrect', 'no_response']);
    expect(new Set(points.map((p) => p.id)).size).toBe(2);
  });

  it('two tabs correcting the same trial at once: one correction is saved, the other tab is told', async () => {
    await act(async () => {
      await tab(0).handlers.score(GOAL, SUB, 'incorrect');
    });
    const [point] = await storedPoints(TARGET);
    await act(async () => {
      await Promise.all([
        tab(0).handlers.fixPoint(point!, { outcome: 'correct' }),
        tab(1).handlers.fixPoint(point!, { outcome: 'no_response' }),
      ]);
    });
    const texts = [tab(0).saved?.text, tab(1).saved?.text];
    expect(texts.filter((t) => t?.startsWith('Corrected'))).toHaveLength(1);
    expect(texts.filter((t) => t?.startsWith('Not corrected'))).toHaveLength(1);
    const [stored] = await storedPoints(TARGET);
    const loser = texts[0]?.startsWith('Not') ? tab(0) : tab(1);
    // The tab whose correction was refused shows the one that was saved.
    expect(loser.state!.byTarget[TARGET]![0]!.outcome).toBe(stored!.outcome);
    expect((await getDb().outbox.toArray()).filter((o) => o.kind === 'point.correct')).toHaveLength(1);
  });
});
