import { useCallback, useMemo, useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { layersOutline, libraryOutline, peopleOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { ProgramMemberOrdering, type ProgramFull } from '../../../../contract/programs';
import { addOutline } from '../../../shared/admin/admin-icons';
import { AdminDetailHeader } from '../../../shared/admin/admin-detail-header';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { AdminList, REMOVE_WORDS } from '../../../shared/admin/admin-list';
import { AdminPicker } from '../../../shared/admin/admin-picker';
import { AdminTableView } from '../../../shared/admin/admin-table-view';
import { AdminTabs } from '../../../shared/admin/admin-tabs';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { useListState } from '../../../shared/admin/use-list-state';
import { ERROR_TEXT, errorText, refusalText } from '../../../shared/api/error-text';
import { FormError } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { SelectField } from '../../../shared/ui/select-field';
import { showToast } from '../../../shared/ui/toast-store';
import { ProgramForm } from '../components/program-form';
import {
  personName,
  programDepartmentColumns,
  programMemberColumns,
  programStudentColumns,
  statusLabel,
  type ProgramStudentRow,
} from '../components/program-detail-columns';
import { useAddProgramStudentMutation, useRemoveProgramStudentMutation } from '../mutations';
import { programQueries } from '../queries';

type Program = z.infer<typeof ProgramFull>;
type TabKey = 'students' | 'team' | 'departments';
const TABS: Array<{ key: TabKey; label: string }> = [
  { key: 'students', label: 'Students' },
  { key: 'team', label: 'Team' },
  { key: 'departments', label: 'Departments' },
];

interface ProgramPageProps {
  orgCode: string;
  programId: string;
  canManage: boolean;
}

/**
 * One program: name and description, and tabs for its students (add from the candidate
 * enrollments, remove), its team and its departments. There is no "get one program" call: the
 * program comes from programs-full (every program at once, which an organization keeps in the tens).
 *
 * Decisions (the spec is silent):
 * - Tabs are plain buttons (role=tab; arrows, Home and End move between them); the Students tab opens
 *   first. Adding picks from the candidate enrollments (the server's list of exactly what it would
 *   accept), with a search; a refusal stays in the dialog as "Unable to add student: <reason>".
 * - The team's order is a select (name either way, newest or longest serving first) because "joined"
 *   is not a column; the name column's header sorts too. employment_type and location_type are not
 *   offered: Thera records neither (the server refuses a value).
 */
export function ProgramPage({ orgCode, programId, canManage }: ProgramPageProps) {
  const full = useQuery(programQueries.full(orgCode));
  const program = full.data?.results.find((p) => p.id === programId);
  const [tab, setTab] = useState<TabKey>('students');
  const [isEditing, setIsEditing] = useState(false);

  function body() {
    if (full.isPending) {
      return <LoadingState label="Loading the program…" />;
    }
    if (full.isError) {
      return <ErrorState message={errorText(full.error, ERROR_TEXT.fetchProgram)} onRetry={() => void full.refetch()} />;
    }
    if (!program) {
      return (
        <EmptyState
          icon={libraryOutline}
          title="Program not found"
          action={
            <Link className="admin-link" to="/organization/programs">
              Back to programs
            </Link>
          }
        >
          It may have been deleted, or it belongs to another organization.
        </EmptyState>
      );
    }
    return (
      <>
        <AdminDetailHeader
          title={program.name}
          facts={program.description || 'No description.'}
          editLabel="Edit program"
          onEdit={canManage ? () => setIsEditing(true) : undefined}
        />
        <AdminTabs label={`${program.name} sections`} tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'students' && <ProgramStudents orgCode={orgCode} program={program} canManage={canManage} />}
          {tab === 'team' && <ProgramTeam orgCode={orgCode} program={program} />}
          {tab === 'departments' && <ProgramDepartments orgCode={orgCode} program={program} />}
        </AdminTabs>
        <AdminDialog open={isEditing} title="Edit program" onClose={() => setIsEditing(false)} wide>
          {isEditing && <ProgramForm orgCode={orgCode} program={program} onDone={() => setIsEditing(false)} />}
        </AdminDialog>
      </>
    );
  }

  return (
    <>
      <PageHeader title={program?.name ?? 'Program'} />
      <IonContent>
        <div className="page page--wide">
          <Link className="admin-detail__back" to="/organization/programs">
            ‹ All programs
          </Link>
          {!canManage && <p className="muted admin-readonly">You can see this program; only people who manage programs can change it.</p>}
          {body()}
        </div>
      </IonContent>
    </>
  );
}

function ProgramStudents({ orgCode, program, canManage }: { orgCode: string; program: Program; canManage: boolean }) {
  const list = useListState<Record<string, never>>({ ordering: '', filters: {} });
  const { page, pageSize, search } = list.state;
  const query = useQuery(programQueries.students(orgCode, program.id, { page, pageSize, search }));
  const [isAdding, setIsAdding] = useState(false);
  const remove = useRemoveProgramStudentMutation(orgCode, program.id);

  const addButton = canManage ? (
    <IonButton onClick={() => setIsAdding(true)}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      Add student
    </IonButton>
  ) : null;

  return (
    <>
      <AdminList
        noun={{ one: 'student', many: 'students' }}
        columns={programStudentColumns}
        query={query}
        fetchErrorText={ERROR_TEXT.fetchProgramStudents}
        list={list}
        defaultOrdering=""
        isNarrowed={search !== ''}
        onClearNarrowing={() => list.setSearchText('')}
        rowLabel={personName}
        actions={addButton}
        empty={{
          icon: peopleOutline,
          title: 'No students in this program yet',
          text: canManage ? 'Add students from their active enrollments.' : 'Nobody has been added to this program yet.',
          action: addButton,
        }}
        onDelete={canManage ? (row) => remove.mutateAsync(row.enrollment_id) : undefined}
        deleteWords={REMOVE_WORDS}
        from={program.name}
        deleteNote={<p>Their enrollment stays; only their place in this program goes.</p>}
      />
      <AdminDialog open={isAdding} title={`Add a student to ${program.name}`} onClose={() => setIsAdding(false)} wide>
        {isAdding && <AddStudent orgCode={orgCode} program={program} onDone={() => setIsAdding(false)} />}
      </AdminDialog>
    </>
  );
}

function AddStudent({ orgCode, program, onDone }: { orgCode: string; program: Program; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const onSearch = useCallback((value: string) => setSearch(value), []);
  const candidates = useQuery(programQueries.candidates(orgCode, program.id, search));
  const add = useAddProgramStudentMutation(orgCode, program.id);
  return (
    <div className="admin-form">
      <p className="muted">Students with an active enrollment who are not in the program yet.</p>
      <AdminPicker
        searchLabel="Search students"
        onSearch={onSearch}
        query={candidates}
        fetchErrorText={ERROR_TEXT.fetchStudents}
        keyOf={(candidate) => candidate.enrollment_id}
        labelOf={personName}
        describe={(candidate) => [candidate.code, statusLabel(candidate.org_status)].filter(Boolean).join(' · ')}
        verb="Add"
        onPick={(candidate) => add.mutate(candidate.enrollment_id, { onSuccess: onDone })}
        isBusy={add.isPending}
        emptyText={search ? 'No student matches this search.' : 'Every student with an active enrollment is in this program already.'}
      />
      <FormError text={add.error ? refusalText(add.error, ERROR_TEXT.addStudent) : null} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone}>
          Close
        </IonButton>
      </div>
    </div>
  );
}

const TEAM_ORDERINGS = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-joined', label: 'Newest first' },
  { value: 'joined', label: 'Longest serving first' },
];

function ProgramTeam({ orgCode, program }: { orgCode: string; program: Program }) {
  const list = useListState<{ departmentId: string }, ProgramMemberOrdering>({
    ordering: 'name',
    orderings: ProgramMemberOrdering.options,
    filters: { departmentId: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  const team = useQuery({
    ...programQueries.team(orgCode, program.id, { page, pageSize, search, ordering, departmentId: filters.departmentId }),
    // The kit's rows are keyed by `id`: a member is their membership.
    select: (data) => ({ ...data, results: data.results.map((m) => ({ ...m, id: m.membership_id })) }),
  });
  const names = useMemo(() => new Map(program.departments.map((d) => [d.id, d.name])), [program.departments]);
  const columns = useMemo(() => programMemberColumns((id) => names.get(id) ?? 'Another department'), [names]);
  return (
    <AdminList
      noun={{ one: 'team member', many: 'team members' }}
      columns={columns}
      query={team}
      fetchErrorText={ERROR_TEXT.fetchProgramTeam}
      list={list}
      defaultOrdering="name"
      isNarrowed={search !== '' || filters.departmentId !== ''}
      onClearNarrowing={() => {
        list.setSearchText('');
        list.setFilter('departmentId', '');
      }}
      rowLabel={personName}
      filters={
        <>
          <SelectField
            label="Department"
            name="department_id"
            value={filters.departmentId}
            options={[{ value: '', label: 'All departments' }, ...program.departments.map((d) => ({ value: d.id, label: d.name }))]}
            onChange={(value) => list.setFilter('departmentId', value)}
          />
          <SelectField label="Order" name="ordering" value={ordering} options={TEAM_ORDERINGS} onChange={list.setOrdering} />
        </>
      }
      empty={{
        icon: peopleOutline,
        title: 'No team yet',
        text: "The team is the therapists on the teams of the departments this program's students are placed in.",
      }}
    />
  );
}

function ProgramDepartments({ orgCode, program }: { orgCode: string; program: Program }) {
  const departments = useQuery(programQueries.departments(orgCode, program.id));
  if (departments.isPending) {
    return <LoadingState label="Loading departments…" />;
  }
  if (departments.isError) {
    return (
      <ErrorState message={errorText(departments.error, ERROR_TEXT.fetchProgramDepartments)} onRetry={() => void departments.refetch()} />
    );
  }
  if (departments.data.results.length === 0) {
    return (
      <EmptyState icon={layersOutline} title="No departments yet">
        A program&apos;s departments are the ones its students are placed in.
      </EmptyState>
    );
  }
  return (
    <div aria-live="polite">
      <AdminTableView
        caption="Departments"
        columns={programDepartmentColumns}
        rows={departments.data.results}
        ordering=""
        defaultOrdering=""
        onOrderingChange={() => undefined}
        rowLabel={(department) => department.name}
      />
    </div>
  );
}
