import type { MyOrganization } from '../../../../contract/organizations';
import type { StudentRecord } from '../../../../contract/student-record';
import { PickerDialog } from '../../../shared/admin/picker-dialog';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from '../error-text';
import { usePlacementMutations } from '../mutations';
import { studentRecordQueries } from '../queries';

/** What a picker adds: a department, a therapist in one of the student's departments, a program or a classroom. */
export type Picking =
  { kind: 'department' | 'program' | 'classroom' } | { kind: 'therapist'; department: StudentRecord['departments'][number] } | null;

type Named = { id: string; name: string };
type Member = { membership_id: string; first_name: string; last_name: string };
const memberName = (m: Member) => `${m.first_name} ${m.last_name}`;

interface PlacementPickerProps {
  organization: Pick<MyOrganization, 'id' | 'code'>;
  record: StudentRecord;
  picking: Picking;
  onClose: () => void;
}

/** The one picker of the placements: the same calls the department, program and classroom screens make. */
export function PlacementPicker({ organization, record, picking, onClose }: PlacementPickerProps) {
  const { id: orgId, code: orgCode } = organization;
  const who = `${record.student.first_name} ${record.student.last_name}`;
  const m = usePlacementMutations(orgId, record.student.id);
  const common = { open: picking !== null, onClose, searchLabel: 'Search', chosenText: 'Already here' };
  const named = {
    keyOf: (c: Named) => c.id,
    labelOf: (c: Named) => c.name,
    emptyText: (search: string) => (search ? 'Nothing matches this search.' : 'There is nothing to choose yet.'),
  };
  if (picking?.kind === 'therapist') {
    return <TherapistPicker organization={organization} who={who} department={picking.department} onClose={onClose} />;
  }
  if (picking?.kind === 'program') {
    const enrollmentId = record.enrollment?.id ?? '';
    const inIt = new Set(record.programs.map((p) => p.id));
    return (
      <PickerDialog
        {...common}
        {...named}
        title={`Add ${who} to a program`}
        candidates={(search: string) => studentRecordQueries.programs(orgId, orgCode, search)}
        fetchErrorText={TEXT.fetchPrograms}
        verb="Add to"
        isChosen={(c) => inIt.has(c.id)}
        onPick={(c) => m.addProgram.mutateAsync({ programId: c.id, enrollmentId })}
        pickedText={(c) => `Added ${who} to ${c.name}.`}
        refusedText={TEXT.addProgram}
      />
    );
  }
  if (picking?.kind === 'classroom') {
    return (
      <PickerDialog
        {...common}
        {...named}
        title={`Seat ${who} in a classroom`}
        intro="A student has one classroom at a time."
        candidates={(search: string) => studentRecordQueries.classrooms(orgId, orgCode, search)}
        fetchErrorText={TEXT.fetchClassrooms}
        verb="Seat in"
        isChosen={(c) => record.classroom?.id === c.id}
        onPick={(c) => m.addClassroom.mutateAsync(c.id)}
        pickedText={(c) => `Seated ${who} in ${c.name}.`}
        refusedText={TEXT.addClassroom}
      />
    );
  }
  const placed = new Set(record.departments.map((d) => d.id));
  return (
    <PickerDialog
      {...common}
      {...named}
      title={`Add ${who} to a department`}
      candidates={(search: string) => studentRecordQueries.departments(orgId, orgCode, search)}
      fetchErrorText={TEXT.fetchDepartments}
      verb="Add to"
      isChosen={(c) => placed.has(c.id)}
      onPick={(c) => m.addDepartment.mutateAsync(c.id)}
      pickedText={(c) => `Added ${who} to ${c.name}.`}
      refusedText={TEXT.addDepartment}
    />
  );
}

interface TherapistPickerProps {
  organization: Pick<MyOrganization, 'id' | 'code'>;
  who: string;
  department: StudentRecord['departments'][number];
  onClose: () => void;
}

/** A therapist for the student in one of their departments, from the organization's active therapists. */
function TherapistPicker({ organization, who, department, onClose }: TherapistPickerProps) {
  const { id: orgId, code: orgCode } = organization;
  const assign = usePlacementMutations(orgId, '').assignTherapist;
  const assigned = new Set(department.therapists.map((t) => t.membership_id));
  return (
    <PickerDialog
      open
      onClose={onClose}
      searchLabel="Search"
      chosenText="Already assigned"
      title={`Assign a therapist to ${who} in ${department.name}`}
      intro="The student and their goals enter the therapist’s collector."
      candidates={(search: string) => studentRecordQueries.therapists(orgId, orgCode, search)}
      fetchErrorText={TEXT.fetchTherapists}
      keyOf={(c) => c.membership_id}
      labelOf={memberName}
      verb="Assign"
      emptyText={(search) => (search ? 'No therapist matches this search.' : 'The organization has no active therapists yet.')}
      isChosen={(c) => assigned.has(c.membership_id)}
      onPick={(c) => assign.mutateAsync({ departmentStudentId: department.department_student_id, membershipId: c.membership_id })}
      pickedText={(c) => `Assigned ${memberName(c)} to ${who}.`}
      refusedText={TEXT.assignTherapist}
    />
  );
}
