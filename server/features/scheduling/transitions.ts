import { transitions } from '../../lib/transitions';
import type { z } from 'zod';
import type { SessionStatus } from '../../../contract/scheduling';

const ended = { code: 'ALREADY_ENDED', detail: 'This session has already ended.' } as const;

/** A desk change (edit, reschedule, cancel) is for a session that has not started; the sentence names why not. */
const notScheduled = (what: string) => (status: z.infer<typeof SessionStatus>) => {
  switch (status) {
    case 'in_progress':
      return { code: 'ALREADY_STARTED', detail: `This session has started; it can no longer be ${what}.` } as const;
    case 'cancelled':
      return { code: 'ALREADY_ENDED', detail: `This session was cancelled; it can no longer be ${what}.` } as const;
    case 'scheduled':
    case 'completed':
    case 'no_show':
    case 'ended_early':
      return { code: 'ALREADY_ENDED', detail: `This session has ended; it can no longer be ${what}.` } as const;
  }
};

/**
 * A session's life: scheduled → in progress → one of the endings. Cancelling or marking a no-show
 * may skip the start; completing or ending early may not. The desk edits, moves and cancels only
 * sessions that have not started, and deletes only those that never ran.
 */
export const sessionMoves = transitions<
  z.infer<typeof SessionStatus>,
  'start' | 'startNeverRun' | 'end' | 'finish' | 'edit' | 'reschedule' | 'cancel' | 'delete'
>({
  start: {
    from: ['scheduled'],
    refuse: (status) => (status === 'in_progress' ? { code: 'ALREADY_STARTED', detail: 'This session has already started.' } : ended),
  },
  /**
   * A start on a session that never ran: also from cancelled or no-show. A tablet that started the
   * session offline hears of the office's cancel only afterwards, and a session that has a start
   * and data took place; the start wins and the called-off change is kept on the session.
   */
  startNeverRun: {
    from: ['scheduled', 'cancelled', 'no_show'],
    refuse: (status) => (status === 'in_progress' ? { code: 'ALREADY_STARTED', detail: 'This session has already started.' } : ended),
  },
  /** Ending without having run it: cancelled, no-show. */
  end: { from: ['scheduled', 'in_progress'], refuse: () => ended },
  /** Ending a session that ran: completed, ended early. */
  finish: {
    from: ['in_progress'],
    refuse: (status) => (status === 'scheduled' ? { code: 'NOT_STARTED', detail: 'Start the session before completing it.' } : ended),
  },
  edit: { from: ['scheduled'], refuse: notScheduled('changed') },
  reschedule: { from: ['scheduled'], refuse: notScheduled('moved') },
  cancel: { from: ['scheduled'], refuse: notScheduled('cancelled') },
  /** A session that never ran, or was called off; one that ran is part of the record. */
  delete: {
    from: ['scheduled', 'cancelled', 'no_show'],
    refuse: (status) =>
      status === 'in_progress'
        ? { code: 'ALREADY_STARTED', detail: 'This session has started; cancel it instead of deleting it.' }
        : { code: 'ALREADY_ENDED', detail: 'This session took place; it can no longer be deleted.' },
  },
});
