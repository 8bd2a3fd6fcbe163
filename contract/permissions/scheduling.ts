import { BOTH, defineKeys } from './define';

// Staff keep the whole schedule; a therapist runs only their own sessions.
export const scheduling = defineKeys('sessions', {
  view: { label: 'See the session schedule', heldBy: BOTH },
  manage: { label: "Schedule, move and cancel anyone's sessions", heldBy: ['staff'] },
  run: { label: 'Run their own sessions', heldBy: ['therapist'] },
  override: { label: 'Book over a conflict or a closure, giving a reason', heldBy: ['staff'] },
});
