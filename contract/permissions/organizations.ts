import { BOTH, defineKeys, NONE } from './define';

export const organizations = defineKeys('organization', {
  view: { label: 'See the organization profile', heldBy: BOTH },
  manage: { label: 'Change the organization profile and settings', heldBy: NONE },
});
