import { BOTH, defineKeys } from './define';

export const workspace = defineKeys('workspace', {
  use: { label: 'Open and close the workspace', heldBy: BOTH },
});
