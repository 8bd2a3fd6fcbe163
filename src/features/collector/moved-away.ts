import { arrayOf, checked, isString, nullable, object } from '../../shared/db/checks';
import { getDb } from '../../shared/db/db';

/**
 * Sessions that left the tablet's today and tomorrow since the last refresh: a session moved further
 * out, or taken off the therapist's schedule, would otherwise vanish from Today with nothing said.
 * Each is asked for once, when it leaves (the desk's read of one session, loaded only then, never on
 * Today's start-up: moved-away-lookup.ts loads with the first refresh that needs it), and Today keeps
 * a line for it while its old slot is still on the tablet's days.
 */
export interface MovedAway {
  id: string;
  firstName: string;
  /** The slot the tablet had. */
  from: string;
  /** Where the office moved it; null when it is no longer on the therapist's schedule. */
  to: string | null;
  reason: string;
}

const isMovedAway = arrayOf(
  object<MovedAway>({ id: isString, firstName: isString, from: isString, to: nullable(isString), reason: isString }),
);
export const movedAwayKey = (userId: string, organizationId: string) => `collector.movedAway:${userId}:${organizationId}`;

export async function readMovedAway(userId: string, organizationId: string): Promise<MovedAway[]> {
  return checked((await getDb().meta.get(movedAwayKey(userId, organizationId)))?.value, isMovedAway) ?? [];
}
