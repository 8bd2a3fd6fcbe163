import { layersOutline } from 'ionicons/icons';
import { adminAreaScreens } from '../../shared/admin/admin-routes';

const words = { one: 'Department', many: 'Departments', icon: layersOutline };
const pages = { list: 'DepartmentsRoute', detail: 'DepartmentRoute' } as const;
export const departmentsFeature = adminAreaScreens('departments', words, pages, () => import('./pages/departments-route'));
