import type { DepartmentMember } from '../../../../contract/departments';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { column, personColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { ChildList, type ChildListWords } from '../../../shared/admin/child-list';
import { fullName } from '../format';
import { peopleOutline, personAddOutline } from 'ionicons/icons';
import { useAddChildMutation, useRemoveChildMutation } from '../../../shared/admin/child-mutations';
import { DEPARTMENT_MEMBERS } from '../mutations';
import { departmentQueries } from '../queries';

const ROLE_LABEL = { therapist: 'Therapist', staff: 'Staff' } as const;
const columns: AdminColumn<DepartmentMember>[] = [
  personColumn('Name', fullName),
  column('role', 'Role', (member) => ROLE_LABEL[member.role]),
];

const WORDS: ChildListWords = {
  one: 'team member',
  many: 'team members',
  add: 'Add member',
  addIcon: personAddOutline,
  icon: peopleOutline,
  empty: ['No team yet', 'Add the therapists and staff who work in this department.', 'Nobody is on this department’s team yet.'],
};

interface TeamTabProps {
  orgCode: string;
  department: { id: string; name: string };
  canManage: boolean;
}

/** The department's team: its members, add one from the organization's members, remove one. */
export function TeamTab({ orgCode, department, canManage }: TeamTabProps) {
  const add = useAddChildMutation(DEPARTMENT_MEMBERS, orgCode, department.id);
  const remove = useRemoveChildMutation(DEPARTMENT_MEMBERS, orgCode, department.id);

  return (
    <ChildList
      words={WORDS}
      columns={columns}
      listQuery={(page) => departmentQueries.members(orgCode, department.id, page)}
      ordering="name"
      fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchDepartmentMembers}
      rowLabel={fullName}
      canManage={canManage}
      picker={{
        title: 'Add a team member',
        searchLabel: 'Search the organization’s members',
        candidates: (text: string) => departmentQueries.organizationMembers(orgCode, text),
        fetchErrorText: DEPARTMENTS_ERROR_TEXT.fetchOrganizationMembers,
        keyOf: (member) => member.membership_id,
        labelOf: fullName,
        describe: (member) => `${ROLE_LABEL[member.role]} · ${member.email}`,
        verb: 'Add',
        emptyText: () => 'No one matches.',
        chosenText: 'On the team',
        onPick: (member) => add.mutateAsync(member.membership_id),
        pickedText: (member) => `Added ${fullName(member)} to the team.`,
        refusedText: DEPARTMENTS_ERROR_TEXT.addDepartmentMember,
      }}
      linkedKeyOf={(member) => member.membership_id}
      onRemove={(member) => remove.mutateAsync(member.id)}
      removeNote={<p>They leave the team of {department.name}, and their therapist assignments on its students end.</p>}
    />
  );
}
