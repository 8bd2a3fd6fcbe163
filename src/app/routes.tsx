import { businessOutline, homeOutline, personCircleOutline } from 'ionicons/icons';
import { lazyPage, type AppRoute } from '../shared/routing/app-route';
import { organizationScreens } from '../shared/admin/admin-routes';
import { OFFLINE_PATH } from '../shared/offline/offline-redirect';
import { accountsFeature } from '../features/accounts/register';
import { auditFeature } from '../features/audit/register';
import { calendarFeature } from '../features/calendar/register';
import { classroomsFeature } from '../features/classrooms/register';
import { collectorFeature } from '../features/collector/register';
import { dashboardsFeature } from '../features/dashboards/register';
import { sessionHistoryFeature } from '../features/session-history/register';
import { goalGraphsFeature } from '../features/goal-graphs/register';
import { departmentsFeature } from '../features/departments/register';
import { enrollmentsFeature } from '../features/enrollments/register';
import { invitationsFeature } from '../features/invitations/register';
import { membershipsFeature } from '../features/memberships/register';
import { organizationsFeature } from '../features/organizations/register';
import { peopleFeature } from '../features/people/register';
import { profileFeature } from '../features/profile/register';
import { programsFeature } from '../features/programs/register';
import { rolesFeature } from '../features/roles/register';
import { schedulingFeature } from '../features/scheduling/register';
import { servicesFeature } from '../features/services/register';
import { studentRecordFeature } from '../features/student-record/register';
import { OfflinePage } from './pages/offline-page';

export type { AppRoute, NavState, RouteAccess } from '../shared/routing/app-route';

/**
 * Every screen of the app, in the order the navigation lists them. The shell builds the router, the
 * navigation and the offline opt-outs from this list. A feature declares its screens in its own
 * src/features/<feature>/register.ts and adds one line here (a structure test holds every feature
 * folder to it); the app's own screens are those that compose several features.
 */
export const appRoutes: AppRoute[] = [
  { path: OFFLINE_PATH, access: 'any', title: 'Offline', Page: OfflinePage },
  {
    path: '/',
    access: 'user',
    title: 'Home',
    Page: lazyPage(() => import('./pages/home-page'), 'HomePage'),
    nav: { label: 'Home', icon: homeOutline },
  },
  {
    // A therapist's invitations (invitations) and memberships (memberships), composed here.
    path: '/my-organizations',
    access: 'user',
    title: 'My organizations',
    Page: lazyPage(() => import('./pages/my-organizations-page'), 'MyOrganizationsPage'),
    nav: { label: 'My organizations', icon: businessOutline, isVisible: ({ user }) => user?.user_type === 'THE' },
  },
  ...invitationsFeature.routes,
  ...membershipsFeature.routes,
  ...collectorFeature.routes,
  // The calendar (calendar) with the session panel (scheduling), composed here.
  ...organizationScreens('calendar', () => import('./pages/calendar-page'), [{ ...calendarFeature.screen, page: 'CalendarRoute' }]).routes,
  ...calendarFeature.routes,
  ...organizationsFeature.routes,
  ...servicesFeature.routes,
  ...departmentsFeature.routes,
  ...programsFeature.routes,
  ...classroomsFeature.routes,
  ...peopleFeature.routes,
  ...studentRecordFeature.routes,
  // A member as the organization sees them (memberships) with their professional profile (profile), composed here.
  ...organizationScreens('people', () => import('./pages/member-route'), [
    { path: '/organization/people/therapists/:id', title: 'Member', page: 'MemberRoute' },
  ]).routes,
  ...enrollmentsFeature.routes,
  ...schedulingFeature.routes,
  ...dashboardsFeature.routes,
  ...sessionHistoryFeature.routes,
  ...goalGraphsFeature.routes,
  ...rolesFeature.routes,
  ...auditFeature.routes,
  {
    // An owner's profile (organizations) or anyone else's (accounts).
    path: '/profile',
    access: 'user',
    title: 'My profile',
    Page: lazyPage(() => import('./pages/profile-route'), 'ProfileRoute'),
    nav: { label: 'My profile', icon: personCircleOutline },
  },
  ...profileFeature.routes,
  ...accountsFeature.routes,
];
