import { schoolOutline } from 'ionicons/icons';
import { ClassroomOrdering, type Classroom } from '../../../../contract/classrooms';
import { classrooms } from '../../../../contract/routes';
import type { ResponseAt } from '../../../shared/api/client';
import { AdminListScreen, ENABLED_STATUS, type ListSetup, type StatusValue } from '../../../shared/admin/admin-list-screen';
import { ClassroomForm } from '../components/classroom-form';
import { classroomColumns } from '../components/classroom-columns';
import { useBulkDeleteRowsMutation, useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { CLASSROOM_ROWS } from '../mutations';
import { classroomQueries } from '../queries';
import { CLASSROOMS_ERROR_TEXT } from '../error-text';

const EMPTY_TEXT = 'Add your classrooms with their room, grade level, capacity and homeroom teacher.';
type ClassroomList = ResponseAt<typeof classrooms.listClassrooms>;
const SETUP: ListSetup<Classroom, { isActive: StatusValue }, ClassroomOrdering, ClassroomList> = {
  words: { title: 'Classrooms', one: 'classroom', many: 'classrooms', icon: schoolOutline, emptyText: EMPTY_TEXT },
  columns: classroomColumns,
  fetchErrorText: CLASSROOMS_ERROR_TEXT.fetchClassrooms,
  defaults: { ordering: 'name', orderings: ClassroomOrdering.options, ...ENABLED_STATUS.defaults },
  status: ENABLED_STATUS.status,
  figures: (list) => ENABLED_STATUS.figures('classrooms', list),
  wideForm: true,
};

/** The organization's classrooms: stats header, filter, search, sort, create, edit, delete. */
export function ClassroomsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  return (
    <AdminListScreen
      setup={SETUP}
      canManage={canManage}
      listQuery={(state) => classroomQueries.list(orgCode, state)}
      remove={useDeleteRowMutation(CLASSROOM_ROWS, orgCode)}
      bulkRemove={useBulkDeleteRowsMutation(CLASSROOM_ROWS, orgCode)}
      form={(classroom, done) => <ClassroomForm orgCode={orgCode} classroom={classroom} onDone={done} />}
    />
  );
}
