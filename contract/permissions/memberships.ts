import { defineKeys, NONE } from './define';

export const memberships = defineKeys('members', {
  view: { label: 'See therapists, staff and their teams', heldBy: ['staff'] },
  manage: { label: 'Invite, change and end memberships', heldBy: NONE },
});
