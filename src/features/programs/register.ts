import { libraryOutline } from 'ionicons/icons';
import { adminAreaScreens } from '../../shared/admin/admin-routes';

const words = { one: 'Program', many: 'Programs', icon: libraryOutline };
const pages = { list: 'ProgramsRoute', detail: 'ProgramRoute' } as const;
export const programsFeature = adminAreaScreens('programs', words, pages, () => import('./pages/programs-route'));
