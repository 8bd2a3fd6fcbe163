import { BOTH, defineKeys, NONE } from './define';

export const services = defineKeys('services', {
  view: { label: 'See services and prices', heldBy: BOTH },
  manage: { label: 'Create, change and delete services', heldBy: NONE },
});
