import { transitions } from '../../lib/transitions';
import type { z } from 'zod';
import type { SessionStatus } from '../../../contract/scheduling';

const ended = { code: 'ALREADY_ENDED', detail: 'This session has already ended.' } as const;

/**
 * A session's life: scheduled → in progress → one of the endings. Cancelling or marking a no-show
 * may skip the start; completing or ending early may not.
 */
export const sessionMoves = transitions<z.infer<typeof SessionStatus>, 'start' | 'end' | 'finish'>({
  start: {
    from: ['scheduled'],
    refuse: (status) => (status === 'in_progress' ? { code: 'ALREADY_STARTED', detail: 'This session has already started.' } : ended),
  },
  /** Ending without having run it: cancelled, no-show. */
  end: { from: ['scheduled', 'in_progress'], refuse: () => ended },
  /** Ending a session that ran: completed, ended early. */
  finish: {
    from: ['in_progress'],
    refuse: (status) => (status === 'scheduled' ? { code: 'NOT_STARTED', detail: 'Start the session before completing it.' } : ended),
  },
});
