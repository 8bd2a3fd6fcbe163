import { BOTH, defineKeys, NONE } from './define';

export const programs = defineKeys('programs', {
  view: { label: 'See programs', heldBy: BOTH },
  manage: { label: 'Create, change and delete programs and their students', heldBy: NONE },
});
