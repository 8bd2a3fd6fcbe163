import { outbox } from '../../shared/outbox/outbox';
import { readThenWrite } from '../../shared/outbox/commit';
import { targetKey } from '../../shared/db/types';
import { isCollision } from './actions';
import { withStored, type CollectorState } from './collector-state';
import { readTarget, targetReads, targetRows } from './session-store';

/** A retry that still collides (its write did not join the reading transaction) tries again, this often. */
const MAX_TRIES = 10;

/**
 * Runs a write that takes a number or replaces a version (actions.ts). When another tab got there
 * first, the write is made again from the device's rows of that target, read in the same
 * transaction that writes (commit.ts readThenWrite): the tap takes the next free number, a count
 * adds to the other tab's count, and no other tab can take that number in between. The therapist
 * sees one tap.
 *
 * Why in one transaction: a read, then a write in a transaction of its own, loses to a tab that
 * keeps tapping (its taps are one transaction each, this retry two); CI saw a tap give up after
 * ten such tries while the other tab tapped without pause.
 */
export async function retryOnCollision<R extends { next: CollectorState }>(
  userId: string,
  state: CollectorState,
  goalId: string,
  subGoalId: string | null,
  attempt: (s: CollectorState) => Promise<R>,
): Promise<R> {
  try {
    return await attempt(state);
  } catch (error) {
    if (!isCollision(error)) {
      throw error;
    }
  }
  const key = targetKey(state.session.id, goalId, subGoalId);
  const idb = await outbox.connection();
  for (let tries = 2; ; tries += 1) {
    try {
      return await readThenWrite(idb, targetReads(state.session.id, goalId, subGoalId), (rows) =>
        attempt(withStored(state, targetRows(userId, key, rows))),
      );
    } catch (error) {
      if (!isCollision(error) || tries >= MAX_TRIES) {
        throw error;
      }
    }
  }
}

/**
 * A deletion or correction is about the value the therapist saw: when another tab changed that
 * point first, nothing is written, the screen shows the device's rows and says so.
 */
export async function unlessChangedElsewhere(
  userId: string,
  state: CollectorState,
  goalId: string,
  subGoalId: string | null,
  attempt: () => Promise<{ next: CollectorState; text?: string }>,
  refusal: string,
): Promise<{ next: CollectorState; text?: string }> {
  try {
    return await attempt();
  } catch (error) {
    if (!isCollision(error)) {
      throw error;
    }
    return { next: withStored(state, await readTarget(userId, state.session.id, goalId, subGoalId)), text: refusal };
  }
}
