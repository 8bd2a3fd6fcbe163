import { ChildList, type ChildListWords } from '../../../shared/admin/child-list';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { PROGRAMS_ERROR_TEXT } from '../error-text';
import { peopleOutline } from 'ionicons/icons';
import { useAddChildMutation, useRemoveChildMutation } from '../../../shared/admin/child-mutations';
import { PROGRAM_STUDENTS } from '../mutations';
import { programQueries } from '../queries';
import { personName, programStudentColumns, statusLabel, type ProgramDetail } from './program-detail-columns';

const WORDS: ChildListWords = {
  one: 'student',
  many: 'students',
  add: 'Add student',
  icon: peopleOutline,
  empty: ['No students in this program yet', 'Add students from their active enrollments.', 'Nobody has been added to this program yet.'],
};

interface ProgramStudentsProps {
  orgCode: string;
  program: Pick<ProgramDetail, 'id' | 'name'>;
  canManage: boolean;
}

/**
 * The program's students. Adding picks from the candidate enrollments (the server's list of exactly
 * what it would accept), with a search; a refusal stays in the dialog as "Unable to add student: <reason>".
 */
export function ProgramStudents({ orgCode, program, canManage }: ProgramStudentsProps) {
  const add = useAddChildMutation(PROGRAM_STUDENTS, orgCode, program.id);
  const remove = useRemoveChildMutation(PROGRAM_STUDENTS, orgCode, program.id);

  return (
    <ChildList
      words={WORDS}
      columns={programStudentColumns}
      listQuery={(page) => programQueries.students(orgCode, program.id, page)}
      fetchErrorText={PROGRAMS_ERROR_TEXT.fetchProgramStudents}
      rowLabel={personName}
      canManage={canManage}
      picker={{
        title: `Add a student to ${program.name}`,
        intro: 'Students with an active enrollment who are not in the program yet.',
        searchLabel: 'Search students',
        candidates: (text: string) => programQueries.candidates(orgCode, program.id, text),
        fetchErrorText: ERROR_TEXT.fetchStudents,
        keyOf: (candidate) => candidate.enrollment_id,
        labelOf: personName,
        describe: (candidate) => [candidate.code, statusLabel(candidate.org_status)].filter(Boolean).join(' · '),
        verb: 'Add',
        emptyText: (text) =>
          text ? 'No student matches this search.' : 'Every student with an active enrollment is in this program already.',
        onPick: (candidate) => add.mutateAsync(candidate.enrollment_id),
        pickedText: (candidate) => `Added ${personName(candidate)} to ${program.name}.`,
        refusedText: ERROR_TEXT.addStudent,
      }}
      onRemove={(row) => remove.mutateAsync(row.enrollment_id)}
      from={program.name}
      removeNote={<p>Their enrollment stays; only their place in this program goes.</p>}
    />
  );
}
