import { defineKeys, NONE } from './define';

export const audit = defineKeys('audit', {
  view: { label: 'See the audit trail and histories', heldBy: NONE },
});
