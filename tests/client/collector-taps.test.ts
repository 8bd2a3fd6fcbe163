import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentTrial } from '../../src/features/collector/collector-state';
import { getDb } from '../../src/shared/db/db';
import { outbox } from '../../src/shared/outbox/outbox';
import { FREQ, GOAL, S, SUB, USER, storeSessionOnDevice, useOfflineDevice } from '../helpers/collector-device';

const device = useOfflineDevice();
let screen: Awaited<ReturnType<typeof device.mountScreen>>;
const hook = () => screen.current();

beforeEach(async () => {
  await storeSessionOnDevice('scheduled');
  screen = await device.mountScreen();
});

const trialNo = () => currentTrial(hook().state!, GOAL, SUB).trialNo;

describe('collector taps', () => {
  it('scores fast taps on consecutive trials, each saved before it is shown', async () => {
    await act(async () => {
      await hook().handlers.start(true);
      // Three taps without waiting: the queue scores trials 1, 2, 3, never one trial twice.
      await Promise.all([
        hook().handlers.score(GOAL, SUB, 'correct'),
        hook().handlers.score(GOAL, SUB, 'incorrect'),
        hook().handlers.score(GOAL, SUB, 'prompted', 'verbal'),
      ]);
    });
    expect(trialNo()).toBe(4);
    expect(hook().saved?.text).toBe('Prompted (verbal) for clap, trial 3');
    const stored = await getDb().points.where('sessionId').equals(S).sortBy('trialNo');
    expect(stored.map((p) => [p.trialNo, p.outcome, p.promptLevel])).toEqual([
      [1, 'correct', null],
      [2, 'incorrect', null],
      [3, 'prompted', 'verbal'],
    ]);
    const kinds = (await getDb().outbox.toArray()).map((o) => o.kind);
    expect(kinds).toEqual(['session.start', 'points.upsert', 'points.upsert', 'points.upsert']);
  });

  it('a "Not saved" stays until a tap made after it: taps queued behind the failed one do not hide it', async () => {
    await act(async () => {
      await hook().handlers.start(true);
    });
    const enqueue = vi.spyOn(outbox, 'enqueue').mockRejectedValueOnce(new Error('The device is full.'));
    try {
      await act(async () => {
        // Three fast taps: the first fails, the two queued behind it are saved.
        await Promise.all([
          hook().handlers.score(GOAL, SUB, 'correct'),
          hook().handlers.score(GOAL, SUB, 'incorrect'),
          hook().handlers.score(GOAL, SUB, 'correct'),
        ]);
      });
      expect(hook().failure).toBe('Not saved. The device is full. Try again.');
      expect(trialNo()).toBe(3);
      // The therapist taps again after seeing it: that tap's success clears it.
      await act(async () => {
        await hook().handlers.score(GOAL, SUB, 'correct');
      });
      expect(hook().failure).toBeNull();
      expect(trialNo()).toBe(4);
    } finally {
      enqueue.mockRestore();
    }
  });

  it('undo deletes the last point and rewinds its trial; a reload shows the same', async () => {
    await act(async () => {
      await hook().handlers.start(true);
      await hook().handlers.score(GOAL, SUB, 'correct');
      await hook().handlers.score(GOAL, SUB, 'correct');
      await hook().handlers.count(FREQ, null, 1);
      await hook().handlers.undo();
      await hook().handlers.undo();
    });
    expect(trialNo()).toBe(2);
    expect(hook().state?.undo).toHaveLength(1);
    await act(async () => screen.unmount());
    screen = await device.mountScreen();
    expect(trialNo()).toBe(2);
    const freq = hook().state!.byTarget[`${S}/${FREQ}/-`]?.[0];
    expect(freq?.count).toBe(0);
    expect((await getDb().outbox.toArray()).map((o) => o.kind)).toContain('points.delete');
  });

  it('corrects an earlier point and keeps it marked as corrected', async () => {
    await act(async () => {
      await hook().handlers.start(false);
      await hook().handlers.score(GOAL, SUB, 'no_response');
    });
    const first = hook().state!.byTarget[`${S}/${GOAL}/${SUB}`]![0]!;
    await act(async () => {
      await hook().handlers.fixPoint(first, { outcome: 'prompted', promptLevel: 'verbal' });
    });
    const fixed = hook().state!.byTarget[`${S}/${GOAL}/${SUB}`]![0]!;
    expect(fixed).toMatchObject({ outcome: 'prompted', promptLevel: 'verbal', corrected: true, trialNo: 1 });
    const op = (await getDb().outbox.toArray()).find((o) => o.kind === 'point.correct');
    expect(op?.params).toEqual({ id: first.id });
  });

  it('ends the session with trimmed notes and the tap time', async () => {
    await act(async () => {
      await hook().handlers.start(true);
      await hook().handlers.end('completed', '  went well  ', ' ran late ');
    });
    expect(hook().state?.session.localStatus).toBe('completed');
    const end = (await getDb().outbox.toArray()).find((o) => o.kind === 'session.end');
    expect(end?.body).toMatchObject({ action: 'completed', note: 'went well', overtime_reason: 'ran late' });
    expect(typeof end?.body.client_now).toBe('string');
  });
});
