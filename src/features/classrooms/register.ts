import { schoolOutline } from 'ionicons/icons';
import { adminAreaScreens } from '../../shared/admin/admin-routes';

const words = { one: 'Classroom', many: 'Classrooms', icon: schoolOutline };
const pages = { list: 'ClassroomsRoute', detail: 'ClassroomRoute' } as const;
export const classroomsFeature = adminAreaScreens('classrooms', words, pages, () => import('./pages/classrooms-route'));
