import type { GoalStatus } from '../../../contract/mastery';
import { transitions } from '../../lib/transitions';

const WORDS: Record<GoalStatus, string> = {
  baseline: 'in baseline',
  in_treatment: 'in treatment',
  mastered: 'mastered',
  on_hold: 'on hold',
  discontinued: 'discontinued',
};

const refusal = (target: GoalStatus) => (status: GoalStatus) => ({
  code: 'CONFLICT' as const,
  detail:
    status === target
      ? `This goal is already ${WORDS[target]}.`
      : target === 'baseline'
        ? 'Only a new goal starts in baseline: once teaching has started, a goal does not go back to it.'
        : `A goal that is ${WORDS[status]} cannot be set to ${WORDS[target]}.`,
});

/**
 * A goal's status moves, one per target status (a change to the same status is no move and is not
 * asked):
 * - baseline → in treatment (teaching starts), and only a new goal is in baseline;
 * - any other status → on hold (paused) or discontinued (retired, its data kept);
 * - baseline, in treatment or on hold → mastered by hand (the revision keeps who marked it);
 * - on hold, discontinued or mastered → in treatment (resumed, reopened, or taught again after a
 *   regression), as is baseline.
 */
export const goalStatusMoves = transitions<GoalStatus, GoalStatus>({
  baseline: { from: [], refuse: refusal('baseline') },
  in_treatment: { from: ['baseline', 'on_hold', 'discontinued', 'mastered'], refuse: refusal('in_treatment') },
  mastered: { from: ['baseline', 'in_treatment', 'on_hold'], refuse: refusal('mastered') },
  on_hold: { from: ['baseline', 'in_treatment', 'mastered'], refuse: refusal('on_hold') },
  discontinued: { from: ['baseline', 'in_treatment', 'mastered', 'on_hold'], refuse: refusal('discontinued') },
});
