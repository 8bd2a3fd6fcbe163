import { defineKeys, NONE } from './define';

// Changing roles widens what members may do, so no built-in role starts with it: the owner grants it.
export const roles = defineKeys('roles', {
  manage: { label: 'Create, change and delete roles', heldBy: NONE },
});
