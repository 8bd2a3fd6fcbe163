import { peopleOutline } from 'ionicons/icons';
import type { Classroom } from '../../../../contract/classrooms';
import { ChildList, type ChildListWords } from '../../../shared/admin/child-list';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { CLASSROOMS_ERROR_TEXT } from '../error-text';
import { seatsText } from '../format';
import { useAddChildMutation, useRemoveChildMutation } from '../../../shared/admin/child-mutations';
import { CLASSROOM_STUDENTS } from '../mutations';
import { classroomQueries } from '../queries';
import { classroomStudentColumns, seatName } from './classroom-student-columns';

const WORDS: ChildListWords = {
  one: 'student',
  many: 'students',
  add: 'Seat a student',
  icon: peopleOutline,
  empty: [
    'No students in this classroom yet',
    'Seat the students who belong to this class.',
    'Nobody has been seated in this classroom yet.',
  ],
};

interface ClassroomStudentsProps {
  orgCode: string;
  classroom: Classroom;
  canManage: boolean;
}

/**
 * A classroom's students. Seating picks from the organization's students by a search over name or
 * code (the people directory, one page of 20). A full classroom says so when the picker opens, but
 * seating is still offered: the server is the one that knows (another owner may have just taken a
 * student out), and its refusal stays in the dialog: "Unable to add student: Room 4 is full: …".
 */
export function ClassroomStudents({ orgCode, classroom, canManage }: ClassroomStudentsProps) {
  const seat = useAddChildMutation(CLASSROOM_STUDENTS, orgCode, classroom.id);
  const remove = useRemoveChildMutation(CLASSROOM_STUDENTS, orgCode, classroom.id);
  const isFull = classroom.capacity !== null && classroom.students_count >= classroom.capacity;

  return (
    <ChildList
      words={WORDS}
      columns={classroomStudentColumns}
      listQuery={(page) => classroomQueries.students(orgCode, classroom.id, page)}
      fetchErrorText={CLASSROOMS_ERROR_TEXT.fetchClassroomStudents}
      rowLabel={seatName}
      canManage={canManage}
      picker={{
        title: `Seat a student in ${classroom.name}`,
        intro: isFull ? `${classroom.name} is full (${seatsText(classroom)}): raise its capacity or take a student out first.` : undefined,
        searchLabel: 'Search students',
        candidates: (text: string) => classroomQueries.studentSearch(orgCode, text),
        fetchErrorText: ERROR_TEXT.fetchStudents,
        keyOf: (student) => student.id,
        labelOf: seatName,
        describe: (student) => student.code,
        verb: 'Seat',
        emptyText: (text) => (text ? 'No student matches this search.' : 'Your organization has no students yet.'),
        onPick: (student) => seat.mutateAsync(student.id),
        pickedText: (student) => `Seated ${seatName(student)} in ${classroom.name}.`,
        refusedText: ERROR_TEXT.addStudent,
      }}
      onRemove={(row) => remove.mutateAsync(row.id)}
      from={classroom.name}
      removeNote={<p>They stay enrolled; only their seat in this classroom goes.</p>}
    />
  );
}
