import { BOTH, defineKeys } from './define';

// Front-desk staff enroll students but open no student's record; a therapist opens the records of
// the students assigned to them (the server narrows which).
export const people = defineKeys('students', {
  view: { label: 'See the student and parent directories (names only)', heldBy: BOTH },
  manage: { label: 'Enroll students and change enrollments', heldBy: ['staff'] },
  records: { label: "Open a student's record (goals, data, sessions, notes)", heldBy: ['therapist'] },
});
