import { pricetagsOutline } from 'ionicons/icons';
import { adminAreaScreens } from '../../shared/admin/admin-routes';

const words = { one: 'Service', many: 'Services', icon: pricetagsOutline };
const pages = { list: 'ServicesRoute' } as const;
export const servicesFeature = adminAreaScreens('services', words, pages, () => import('./pages/services-route'));
