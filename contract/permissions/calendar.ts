import { BOTH, defineKeys } from './define';

// Everyone sees the calendar (a therapist: their own sessions and the events that include them);
// staff put meetings, trainings, holidays and closures on it.
export const calendar = defineKeys('calendar', {
  view: { label: 'See the calendar', heldBy: BOTH },
  manage: { label: 'Add meetings, trainings, holidays and closures', heldBy: ['staff'] },
});
