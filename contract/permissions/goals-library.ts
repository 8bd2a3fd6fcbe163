import { BOTH, defineKeys, NONE } from './define';

export const goalsLibrary = defineKeys('goals', {
  view: { label: 'See goals and goal libraries', heldBy: BOTH },
  manage: { label: 'Assign goals and edit goal libraries', heldBy: NONE },
});
