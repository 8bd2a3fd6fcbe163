import { defineKeys } from './define';

export const collector = defineKeys('collector', {
  record: { label: 'Record data in sessions', heldBy: ['therapist'] },
});
