import { schoolOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { ClassroomOrdering, type Classroom } from '../../../../contract/classrooms';
import { AdminListScreen, STATUS_VALUES, statusOptions, type StatusValue } from '../../../shared/admin/admin-list-screen';
import { useListState } from '../../../shared/admin/use-list-state';
import { ClassroomForm } from '../components/classroom-form';
import { classroomColumns } from '../components/classroom-columns';
import { ClassroomsStats } from '../components/classrooms-stats';
import { useBulkDeleteClassroomsMutation, useDeleteClassroomMutation } from '../mutations';
import { classroomQueries } from '../queries';
import { CLASSROOMS_ERROR_TEXT } from '../error-text';

const STATUS_OPTIONS = statusOptions('classrooms', 'Enabled', 'Disabled');
const rowLabel = (classroom: Classroom) => classroom.name;

/** The organization's classrooms: stats header, filter, search, sort, create, edit, delete. */
export function ClassroomsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<{ isEnabled: StatusValue }, ClassroomOrdering>({
    ordering: 'name',
    orderings: ClassroomOrdering.options,
    filters: { isEnabled: '' },
    filterValues: { isEnabled: STATUS_VALUES },
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(classroomQueries.list(orgCode, { page, pageSize, search, ordering, isEnabled: filters.isEnabled }));
  const remove = useDeleteClassroomMutation(orgCode);
  const bulk = useBulkDeleteClassroomsMutation(orgCode);

  return (
    <AdminListScreen
      title="Classrooms"
      canManage={canManage}
      noun={{ one: 'classroom', many: 'classrooms' }}
      columns={classroomColumns}
      query={query}
      fetchErrorText={CLASSROOMS_ERROR_TEXT.fetchClassrooms}
      list={list}
      defaultOrdering="name"
      rowLabel={rowLabel}
      stats={query.data && <ClassroomsStats list={query.data} />}
      statusFilter={{ name: 'is_enabled', filter: 'isEnabled', options: STATUS_OPTIONS }}
      empty={{ icon: schoolOutline, text: 'Add your classrooms with their room, grade level, capacity and homeroom teacher.' }}
      remove={(classroom) => remove.mutateAsync(classroom.id)}
      bulkRemove={(ids) => bulk.mutateAsync(ids)}
      form={(classroom, done) => <ClassroomForm orgCode={orgCode} classroom={classroom} onDone={done} />}
      wideForm
    />
  );
}
