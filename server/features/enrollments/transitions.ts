import { transitions } from '../../lib/transitions';
import type { OrgStatus } from '../../../contract/enrollments';

const WORDS: Record<OrgStatus, string> = { pending: 'pending', active: 'active', on_hold: 'on hold', discharged: 'discharged' };

const refusal = (target: OrgStatus) => (status: OrgStatus) => ({
  code: 'CONFLICT' as const,
  detail:
    status === target
      ? `This enrollment is already ${WORDS[target]}.`
      : status === 'discharged'
        ? 'This enrollment is discharged; enroll the student again instead.'
        : `An enrollment that is ${WORDS[status]} cannot be set to ${WORDS[target]}.`,
});

/**
 * An enrollment's life on the organization's side, one move per target status:
 * pending → active (started) or discharged (never started); active ⇄ on hold; active or on hold →
 * discharged. Discharged is final and nothing returns to pending.
 */
export const orgStatusMoves = transitions<OrgStatus, OrgStatus>({
  pending: { from: [], refuse: refusal('pending') },
  active: { from: ['pending', 'on_hold'], refuse: refusal('active') },
  on_hold: { from: ['active'], refuse: refusal('on_hold') },
  discharged: { from: ['pending', 'active', 'on_hold'], refuse: refusal('discharged') },
});
