import { defineKeys } from './define';

export const dashboards = defineKeys('dashboard', {
  view: { label: "See the organization's dashboard", heldBy: ['staff'] },
});
