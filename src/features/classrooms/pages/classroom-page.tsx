import { schoolOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import type { Classroom } from '../../../../contract/classrooms';
import type { MyAccess } from '../../../shared/access/my-access';
import { AdminDetailScreen } from '../../../shared/admin/detail-screen';
import { CLASSROOMS_ERROR_TEXT } from '../error-text';
import { ClassroomForm } from '../components/classroom-form';
import { ClassroomStudents } from '../components/classroom-students';
import { homeroomText, seatsText } from '../format';
import { classroomQueries } from '../queries';

interface ClassroomPageProps {
  orgCode: string;
  classroomId: string;
  access: Pick<MyAccess, 'can'>;
}

/**
 * One classroom: its facts, its students (seat one, take one out) and, for who may manage, edit.
 * The fallback texts 'Unable to add student' / 'Unable to remove student' are used for classroom seats as
 * for program students: for the owner it is the same act.
 */
export function ClassroomPage({ orgCode, classroomId, access }: ClassroomPageProps) {
  const classroom = useQuery(classroomQueries.one(orgCode, classroomId));
  return (
    <AdminDetailScreen<Classroom>
      noun={{ one: 'classroom', many: 'classrooms' }}
      listPath="/organization/classrooms"
      query={classroom}
      item={classroom.data}
      fetchErrorText={CLASSROOMS_ERROR_TEXT.fetchClassroom}
      icon={schoolOutline}
      manageKey="classrooms.manage"
      access={access}
      summary={(room) => ({
        title: room.name,
        status: { label: room.is_active ? 'Enabled' : 'Disabled', isOn: room.is_active },
        facts: [
          room.grade_level,
          room.room,
          seatsText(room),
          room.homeroom ? `Homeroom teacher: ${homeroomText(room)}` : 'No homeroom teacher',
          room.is_active ? '' : 'Takes no new students',
        ],
      })}
      editForm={(room, done) => <ClassroomForm orgCode={orgCode} classroom={room} onDone={done} />}
      wideForm
      sections={(room, canManage) => [
        { key: 'students', label: 'Students', panel: <ClassroomStudents orgCode={orgCode} classroom={room} canManage={canManage} /> },
      ]}
    />
  );
}
