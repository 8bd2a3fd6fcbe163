import type { Therasession as TherasessionAnswer } from '../../../contract/scheduling';
import { requireSession } from '../../lib/access';
import type { SessionId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { presentSession } from './present';
import { getSessionView } from './service';

/**
 * One session for the desk's session panel: whoever sees every session (owners, sessions.manage)
 * reads any; anyone else only their own, and another therapist's answers "not found" rather than
 * telling them it exists.
 */
export async function readSession(ctx: RequestContext, sessionId: SessionId): Promise<TherasessionAnswer> {
  const row = await getSessionView(ctx, sessionId);
  requireSession(ctx, row.session);
  return presentSession(row);
}
