import { useState, type FormEvent } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import type { AssignedTherapist, DepartmentStudent } from '../../../../contract/departments';
import type { StudentEntry } from '../../../../contract/people';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { AdminList, REMOVE_WORDS } from '../../../shared/admin/admin-list';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { useListState } from '../../../shared/admin/use-list-state';
import { FormError } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { showToast } from '../../../shared/ui/toast-store';
import { fullName } from '../format';
import { closeOutline, personAddOutline, schoolOutline } from '../icons';
import {
  useAddStudentMutation,
  useAssignTherapistMutation,
  useBulkRemoveStudentsMutation,
  useRemoveStudentMutation,
  useUnassignTherapistMutation,
} from '../mutations';
import { departmentQueries } from '../queries';
import { PickerDialog } from './picker-dialog';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

const helper = adminColumnHelper<DepartmentStudent>();
const rowLabel = (student: DepartmentStudent) => fullName(student);
/** The most therapists a team lists for assignment in one answer (the API's largest page). */
const TEAM_PAGE = 100;

interface Props {
  orgCode: string;
  departmentId: string;
  canManage: boolean;
}

/** The department's students and their therapists: add, assign, unassign, remove (one or several). */
export function StudentsTab({ orgCode, departmentId, canManage }: Props) {
  const list = useListState<Record<string, never>>({ ordering: 'name', filters: {} });
  const { page, pageSize, search } = list.state;
  const query = useQuery(departmentQueries.students(orgCode, departmentId, { page, pageSize, search }));
  const add = useAddStudentMutation(orgCode, departmentId);
  const remove = useRemoveStudentMutation(orgCode);
  const bulk = useBulkRemoveStudentsMutation(orgCode, departmentId);
  const unassign = useUnassignTherapistMutation(orgCode);
  const [picking, setPicking] = useState(false);
  const [pickSearch, setPickSearch] = useState('');
  const candidates = useQuery({ ...departmentQueries.organizationStudents(orgCode, pickSearch), enabled: picking });
  const [assigningTo, setAssigningTo] = useState<DepartmentStudent | null>(null);
  const [unassigning, setUnassigning] = useState<{ student: DepartmentStudent; therapist: AssignedTherapist } | null>(null);
  const placed = new Set((query.data?.results ?? []).map((s) => s.student_id));

  const columns: AdminColumn<DepartmentStudent>[] = [
    helper.accessor('last_name', {
      id: 'name',
      header: 'Student',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="admin-cell-main">
          <span className="admin-cell-main__title">{fullName(row.original)}</span>
          <span className="admin-cell-main__sub">{row.original.code}</span>
        </div>
      ),
    }),
    helper.accessor('assigned_therapists', {
      id: 'therapists',
      header: 'Therapists',
      enableSorting: false,
      cell: ({ row }) => {
        const student = row.original;
        return (
          <div className="dept-chips">
            {student.assigned_therapists.length === 0 && <span className="muted">None assigned</span>}
            {student.assigned_therapists.map((therapist) => (
              <span key={therapist.id} className="dept-chip">
                {fullName(therapist)}
                {canManage && (
                  <button
                    type="button"
                    className="dept-chip__remove"
                    aria-label={`Unassign ${fullName(therapist)} from ${fullName(student)}`}
                    onClick={() => setUnassigning({ student, therapist })}
                  >
                    <IonIcon icon={closeOutline} aria-hidden="true" />
                  </button>
                )}
              </span>
            ))}
            {canManage && (
              <IonButton
                fill="clear"
                size="small"
                onClick={() => setAssigningTo(student)}
                aria-label={`Assign a therapist to ${fullName(student)}`}
              >
                Assign therapist
              </IonButton>
            )}
          </div>
        );
      },
    }),
  ];

  const addButton = canManage ? (
    <IonButton
      onClick={() => {
        setPickSearch('');
        setPicking(true);
      }}
    >
      <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
      Add student
    </IonButton>
  ) : null;

  return (
    <>
      <AdminList
        noun={{ one: 'student', many: 'students' }}
        columns={columns}
        query={query}
        fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchDepartmentStudents}
        list={list}
        defaultOrdering="name"
        isNarrowed={search !== ''}
        onClearNarrowing={() => list.setSearchText('')}
        rowLabel={rowLabel}
        actions={addButton}
        empty={{
          icon: schoolOutline,
          title: 'No students yet',
          text: canManage
            ? 'Add the students this department serves, then assign their therapists.'
            : 'No students are in this department yet.',
          action: addButton,
        }}
        onDelete={canManage ? (student) => remove.mutateAsync(student.id) : undefined}
        onBulkDelete={canManage ? (ids) => bulk.mutateAsync(ids) : undefined}
        deleteWords={REMOVE_WORDS}
        deleteNote={<p>They leave the department and its therapists’ collectors; their goals and recorded data stay.</p>}
      />
      <PickerDialog<StudentEntry>
        open={picking}
        title="Add a student"
        searchLabel="Search the organization’s students"
        onSearch={setPickSearch}
        query={candidates}
        fetchErrorText={ERROR_TEXT.fetchStudents}
        keyOf={(s) => s.id}
        labelOf={fullName}
        detailOf={(s) => (s.departments.length > 0 ? `${s.code} · ${s.departments.map((d) => d.name).join(', ')}` : s.code)}
        isChosen={(s) => placed.has(s.id)}
        chosenText="In this department"
        onPick={async (s) => {
          await add.mutateAsync(s.id);
          showToast(`Added ${fullName(s)} to the department.`, 'success');
        }}
        onClose={() => setPicking(false)}
      />
      <AdminDialog
        open={assigningTo !== null}
        title={assigningTo ? `Assign a therapist to ${fullName(assigningTo)}` : 'Assign a therapist'}
        onClose={() => setAssigningTo(null)}
      >
        {assigningTo && (
          <AssignForm orgCode={orgCode} departmentId={departmentId} student={assigningTo} onDone={() => setAssigningTo(null)} />
        )}
      </AdminDialog>
      <ConfirmDialog
        open={unassigning !== null}
        title={unassigning ? `Unassign ${fullName(unassigning.therapist)}?` : 'Unassign?'}
        confirmLabel="Unassign"
        busyLabel="Unassigning…"
        isBusy={unassign.isPending}
        onCancel={() => setUnassigning(null)}
        onConfirm={() => {
          if (!unassigning) {
            return;
          }
          const { student, therapist } = unassigning;
          unassign.mutate(therapist.id, {
            onSuccess: () => showToast(`Unassigned ${fullName(therapist)} from ${fullName(student)}.`, 'success'),
            onSettled: () => setUnassigning(null),
          });
        }}
      >
        {unassigning && (
          <p>
            {fullName(unassigning.student)} leaves {fullName(unassigning.therapist)}’s collector; data already recorded stays.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** Choose one of the team's therapists not yet assigned to the student. */
function AssignForm({
  orgCode,
  departmentId,
  student,
  onDone,
}: Omit<Props, 'canManage'> & { student: DepartmentStudent; onDone: () => void }) {
  const team = useQuery(departmentQueries.members(orgCode, departmentId, { page: 1, pageSize: TEAM_PAGE, search: '' }));
  const assign = useAssignTherapistMutation(orgCode);
  const assigned = new Set(student.assigned_therapists.map((t) => t.membership_id));
  const candidates = (team.data?.results ?? []).filter((m) => m.role === 'therapist' && !assigned.has(m.membership_id));
  const [membershipId, setMembershipId] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const therapist = candidates.find((c) => c.membership_id === membershipId);
    if (!therapist) {
      setError('Choose a therapist.');
      return;
    }
    assign.mutate(
      { departmentStudentId: student.id, membershipId },
      {
        onSuccess: () => {
          showToast(`Assigned ${fullName(student)} to ${fullName(therapist)}.`, 'success');
          onDone();
        },
      },
    );
  }

  if (team.isPending) {
    return <p role="status">Loading the team…</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="form admin-form">
      {candidates.length === 0 ? (
        <p>
          {team.isError
            ? DEPARTMENTS_ERROR_TEXT.fetchDepartmentMembers
            : 'Every therapist on the team is assigned already, or the team has none: add a therapist to the team first.'}
        </p>
      ) : (
        <SelectField
          label="Therapist"
          name="membership_id"
          value={membershipId}
          placeholder="Choose a therapist of the team"
          options={candidates.map((c) => ({ value: c.membership_id, label: fullName(c) }))}
          onChange={(value) => {
            setMembershipId(value);
            setError(undefined);
          }}
          error={error}
        />
      )}
      <FormError error={assign.error} fallback={DEPARTMENTS_ERROR_TEXT.assignTherapist} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </IonButton>
        {candidates.length > 0 && (
          <IonButton type="submit" disabled={assign.isPending}>
            {assign.isPending ? 'Assigning…' : 'Assign'}
          </IonButton>
        )}
      </div>
    </form>
  );
}
