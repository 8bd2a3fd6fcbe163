import { BOTH, defineKeys, NONE } from './define';

export const departments = defineKeys('departments', {
  view: { label: 'See departments', heldBy: BOTH },
  manage: { label: 'Create, change and delete departments, their teams and students', heldBy: NONE },
});
