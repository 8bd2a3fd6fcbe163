import { isCollision } from './actions';
import { withStored, type CollectorState } from './collector-state';
import { readTarget } from './session-store';

/** Enough for every tab of a device tapping the same target at once; then "Not saved". */
const MAX_TRIES = 10;

/**
 * Runs a write that takes a number or replaces a version (actions.ts). When another tab got there
 * first, the device's rows of that target are read back and the write is made again from them: the
 * tap takes the next free number, a count adds to the other tab's count. The therapist sees one tap.
 */
export async function retryOnCollision<R extends { next: CollectorState }>(
  userId: string,
  state: CollectorState,
  goalId: string,
  subGoalId: string | null,
  attempt: (s: CollectorState) => Promise<R>,
): Promise<R> {
  let s = state;
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt(s);
    } catch (error) {
      if (!isCollision(error) || tries >= MAX_TRIES) {
        throw error;
      }
      s = withStored(s, await readTarget(userId, s.session.id, goalId, subGoalId));
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
