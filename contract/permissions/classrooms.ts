import { BOTH, defineKeys, NONE } from './define';

export const classrooms = defineKeys('classrooms', {
  view: { label: 'See classrooms', heldBy: BOTH },
  manage: { label: 'Create, change and delete classrooms and their students', heldBy: NONE },
});
