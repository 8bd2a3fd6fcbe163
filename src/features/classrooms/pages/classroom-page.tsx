import { useCallback, useMemo, useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { peopleOutline, schoolOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Classroom } from '../../../../contract/classrooms';
import { addOutline } from '../../../shared/admin/admin-icons';
import { AdminDetailHeader } from '../../../shared/admin/admin-detail-header';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { AdminList, REMOVE_WORDS } from '../../../shared/admin/admin-list';
import { AdminPicker } from '../../../shared/admin/admin-picker';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { useListState } from '../../../shared/admin/use-list-state';
import { isApiError } from '../../../shared/api/api-error';
import { ERROR_TEXT, errorText, refusalText } from '../../../shared/api/error-text';
import { FormError } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { showToast } from '../../../shared/ui/toast-store';
import { ClassroomForm } from '../components/classroom-form';
import { classroomStudentColumns, seatName, type Seat } from '../components/classroom-student-columns';
import { homeroomText, seatsText } from '../format';
import { useRemoveSeatMutation, useSeatStudentMutation } from '../mutations';
import { classroomQueries } from '../queries';
import '../../../shared/admin/admin-tabs.css';
import { CLASSROOMS_ERROR_TEXT } from '../error-text';

interface ClassroomPageProps {
  orgCode: string;
  classroomId: string;
  canManage: boolean;
}

/**
 * One classroom: its facts, its students (seat one, take one out) and, for who may manage, edit.
 *
 * Decisions (the spec is silent):
 * - Seating picks from the organization's students by a search over name or code (people directory,
 *   one page of 20). A refusal stays in the dialog, the spec's words first and the server's reason
 *   after them: "Unable to add student: Room 4 is full: 1 of 1 seats are taken." (or "already sits in
 *   Bluebirds"). The spec's 'Unable to add student' / 'Unable to remove student' are used for
 *   classroom seats as for program students: for the owner it is the same act.
 * - A full classroom says so when the dialog opens, but seating is still offered: the server is the
 *   one that knows (another owner may have just taken a student out).
 * - Taking a student out asks first and says what stays (the enrollment); it is a toast on failure.
 */
export function ClassroomPage({ orgCode, classroomId, canManage }: ClassroomPageProps) {
  const classroom = useQuery(classroomQueries.one(orgCode, classroomId));
  const [isEditing, setIsEditing] = useState(false);
  const title = classroom.data?.name ?? 'Classroom';

  function body() {
    if (classroom.isPending) {
      return <LoadingState label="Loading the classroom…" />;
    }
    if (classroom.isError && isApiError(classroom.error) && classroom.error.status === 404) {
      return (
        <EmptyState
          icon={schoolOutline}
          title="Classroom not found"
          action={
            <Link className="admin-link" to="/organization/classrooms">
              Back to classrooms
            </Link>
          }
        >
          It may have been deleted, or it belongs to another organization.
        </EmptyState>
      );
    }
    if (classroom.isError) {
      return (
        <ErrorState message={errorText(classroom.error, CLASSROOMS_ERROR_TEXT.fetchClassroom)} onRetry={() => void classroom.refetch()} />
      );
    }
    const room = classroom.data;
    return (
      <>
        <AdminDetailHeader
          title={room.name}
          facts={facts(room)}
          editLabel="Edit classroom"
          onEdit={canManage ? () => setIsEditing(true) : undefined}
        />
        <h2 className="admin-detail__subtitle">Students</h2>
        <ClassroomStudents orgCode={orgCode} classroom={room} canManage={canManage} />
        <AdminDialog open={isEditing} title="Edit classroom" onClose={() => setIsEditing(false)} wide>
          {isEditing && <ClassroomForm orgCode={orgCode} classroom={room} onDone={() => setIsEditing(false)} />}
        </AdminDialog>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} />
      <IonContent>
        <div className="page page--wide">
          <Link className="admin-detail__back" to="/organization/classrooms">
            ‹ All classrooms
          </Link>
          {!canManage && (
            <p className="muted admin-readonly">You can see this classroom; only people who manage classrooms can change it.</p>
          )}
          {body()}
        </div>
      </IonContent>
    </>
  );
}

function facts(room: Classroom): string {
  return [
    room.grade_level || null,
    room.room || null,
    seatsText(room),
    room.homeroom ? `Homeroom teacher: ${homeroomText(room)}` : 'No homeroom teacher',
    room.is_enabled ? 'Enabled' : 'Disabled: takes no new students',
  ]
    .filter(Boolean)
    .join(' · ');
}

function ClassroomStudents({ orgCode, classroom, canManage }: { orgCode: string; classroom: Classroom; canManage: boolean }) {
  const list = useListState<Record<string, never>>({ ordering: '', filters: {} });
  const { page, pageSize, search } = list.state;
  const query = useQuery(classroomQueries.students(orgCode, classroom.id, { page, pageSize, search }));
  const [isSeating, setIsSeating] = useState(false);
  const remove = useRemoveSeatMutation(orgCode);
  const isFull = classroom.capacity !== null && classroom.students_count >= classroom.capacity;

  const seatButton = canManage ? (
    <IonButton onClick={() => setIsSeating(true)}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      Seat a student
    </IonButton>
  ) : null;

  return (
    <>
      <AdminList
        noun={{ one: 'student', many: 'students' }}
        columns={classroomStudentColumns}
        query={query}
        fetchErrorText={CLASSROOMS_ERROR_TEXT.fetchClassroomStudents}
        list={list}
        defaultOrdering=""
        isNarrowed={search !== ''}
        onClearNarrowing={() => list.setSearchText('')}
        rowLabel={seatName}
        actions={seatButton}
        empty={{
          icon: peopleOutline,
          title: 'No students in this classroom yet',
          text: canManage ? 'Seat the students who belong to this class.' : 'Nobody has been seated in this classroom yet.',
          action: seatButton,
        }}
        onDelete={canManage ? (seat) => remove.mutateAsync(seat.id) : undefined}
        deleteWords={REMOVE_WORDS}
        from={classroom.name}
        deleteNote={<p>They stay enrolled; only their seat in this classroom goes.</p>}
      />
      <AdminDialog open={isSeating} title={`Seat a student in ${classroom.name}`} onClose={() => setIsSeating(false)} wide>
        {isSeating && <SeatStudent orgCode={orgCode} classroom={classroom} isFull={isFull} onDone={() => setIsSeating(false)} />}
      </AdminDialog>
    </>
  );
}

function SeatStudent({
  orgCode,
  classroom,
  isFull,
  onDone,
}: {
  orgCode: string;
  classroom: Classroom;
  isFull: boolean;
  onDone: () => void;
}) {
  const [search, setSearch] = useState('');
  const onSearch = useCallback((value: string) => setSearch(value), []);
  const students = useQuery(classroomQueries.studentSearch(orgCode, search));
  const seat = useSeatStudentMutation(orgCode, classroom.id);
  return (
    <div className="admin-form">
      {isFull && (
        <p className="muted">
          {classroom.name} is full ({seatsText(classroom)}): raise its capacity or take a student out first.
        </p>
      )}
      <AdminPicker
        searchLabel="Search students"
        onSearch={onSearch}
        query={students}
        fetchErrorText={ERROR_TEXT.fetchStudents}
        keyOf={(student) => student.id}
        labelOf={(student) => `${student.first_name} ${student.last_name}`}
        describe={(student) => student.code}
        verb="Seat"
        onPick={(student) => {
          seat.mutate(student.id, { onSuccess: onDone });
        }}
        isBusy={seat.isPending}
        emptyText={search ? 'No student matches this search.' : 'Your organization has no students yet.'}
      />
      <FormError text={seat.error ? refusalText(seat.error, ERROR_TEXT.addStudent) : null} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone}>
          Close
        </IonButton>
      </div>
    </div>
  );
}
