import { lazy, type ComponentType } from 'react';
import {
  businessOutline,
  clipboardOutline,
  homeOutline,
  layersOutline,
  libraryOutline,
  personCircleOutline,
  pricetagsOutline,
  schoolOutline,
  shieldCheckmarkOutline,
  peopleOutline,
  lockClosedOutline,
} from 'ionicons/icons';
import type { User } from '../../contract/accounts';
import type { MyOrganization } from '../../contract/organizations';
import type { MyAccess } from '../shared/access/my-access';
import { OFFLINE_PATH } from '../shared/offline/offline-redirect';
import { isAdminAreaInMenu } from './menu-areas';
import { OfflinePage } from './pages/offline-page';

/** Who may open a route: 'guest' only signed out, 'user' only signed in, 'any' both. */
export type RouteAccess = 'guest' | 'user' | 'any';

export interface NavState {
  user: User | null;
  organization: MyOrganization | undefined;
  /** What the user may do in the active organization (use-my-access.ts). */
  access: MyAccess;
}

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /** Window title (screen readers announce it on navigation). */
  title: string;
  /** The page body: IonHeader + IonContent. The shell wraps it in IonPage and Suspense. */
  Page: ComponentType;
  /** Works without a connection: network failures there never open the offline page. */
  offlineCapable?: boolean;
  /** Listed in the navigation; `isVisible` hides areas the user cannot use. */
  nav?: { label: string; icon: string; isVisible?: (state: NavState) => boolean };
}

/** React.lazy over a named export (conventions: no default exports). */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * Every screen of the app. The shell builds the router, the navigation and the offline opt-outs
 * from this list; a feature adds its screens here (the collector adds its '/collector' routes with
 * `offlineCapable: true`).
 */
export const appRoutes: AppRoute[] = [
  // Lazy like every form: its input control stays out of the collector's first download.
  {
    path: '/sign-in',
    access: 'guest',
    title: 'Sign in',
    Page: lazyPage(() => import('../features/accounts/pages/sign-in-page'), 'SignInPage'),
  },
  {
    path: '/register',
    access: 'guest',
    title: 'Create an account',
    Page: lazyPage(() => import('../features/accounts/pages/register-page'), 'RegisterPage'),
  },
  { path: OFFLINE_PATH, access: 'any', title: 'Offline', Page: OfflinePage },
  {
    path: '/',
    access: 'user',
    title: 'Home',
    Page: lazyPage(() => import('./pages/home-page'), 'HomePage'),
    nav: { label: 'Home', icon: homeOutline },
  },
  {
    path: '/collector',
    access: 'user',
    title: 'Today',
    Page: lazyPage(() => import('../features/collector/pages/today-page'), 'TodayPage'),
    offlineCapable: true,
    // Therapists collect data; offline the organization list may be unknown, so the user type decides.
    nav: {
      label: 'Data collector',
      icon: clipboardOutline,
      isVisible: ({ user, organization }) => (organization ? organization.role === 'therapist' : user?.user_type === 'THE'),
    },
  },
  {
    path: '/collector/session/:id',
    access: 'user',
    title: 'Session',
    Page: lazyPage(() => import('../features/collector/pages/session-page'), 'SessionPage'),
    offlineCapable: true,
  },
  {
    path: '/organization/settings',
    access: 'user',
    title: 'Organization settings',
    Page: lazyPage(() => import('../features/organizations/pages/organization-settings-page'), 'OrganizationSettingsPage'),
    // Only the owner manages the organization's profile.
    nav: { label: 'Organization', icon: businessOutline, isVisible: ({ organization }) => organization?.role === 'owner' },
  },
  {
    path: '/organization/services',
    access: 'user',
    title: 'Services',
    Page: lazyPage(() => import('./pages/services-route'), 'ServicesRoute'),
    // The admin areas are listed where the role can change them or reads them for its work (menu-areas.ts).
    nav: { label: 'Services', icon: pricetagsOutline, isVisible: ({ access }) => isAdminAreaInMenu('services', access) },
  },
  {
    path: '/organization/departments',
    access: 'user',
    title: 'Departments',
    Page: lazyPage(() => import('./pages/departments-route'), 'DepartmentsRoute'),
    nav: { label: 'Departments', icon: layersOutline, isVisible: ({ access }) => isAdminAreaInMenu('departments', access) },
  },
  {
    path: '/organization/departments/:id',
    access: 'user',
    title: 'Department',
    Page: lazyPage(() => import('./pages/departments-route'), 'DepartmentRoute'),
  },
  {
    path: '/organization/programs',
    access: 'user',
    title: 'Programs',
    Page: lazyPage(() => import('./pages/programs-route'), 'ProgramsRoute'),
    nav: { label: 'Programs', icon: libraryOutline, isVisible: ({ access }) => isAdminAreaInMenu('programs', access) },
  },
  {
    path: '/organization/programs/:id',
    access: 'user',
    title: 'Program',
    Page: lazyPage(() => import('./pages/programs-route'), 'ProgramRoute'),
  },
  {
    path: '/organization/classrooms',
    access: 'user',
    title: 'Classrooms',
    Page: lazyPage(() => import('./pages/classrooms-route'), 'ClassroomsRoute'),
    nav: { label: 'Classrooms', icon: schoolOutline, isVisible: ({ access }) => isAdminAreaInMenu('classrooms', access) },
  },
  {
    path: '/organization/classrooms/:id',
    access: 'user',
    title: 'Classroom',
    Page: lazyPage(() => import('./pages/classrooms-route'), 'ClassroomRoute'),
  },
  {
    path: '/organization/people',
    access: 'user',
    title: 'People',
    Page: lazyPage(() => import('./pages/people-route'), 'PeopleRoute'),
    // Whoever holds a directory's key: members.view (therapists), students.view (students and parents;
    // a therapist is answered their own students only).
    nav: { label: 'People', icon: peopleOutline, isVisible: ({ access }) => access.can('students.view') || access.can('members.view') },
  },
  {
    // A member's week, linked from the therapists' directory for whoever holds dashboard.view.
    path: '/organization/people/members/:id',
    access: 'user',
    title: 'Week',
    Page: lazyPage(() => import('./pages/member-week-route'), 'MemberWeekRoute'),
  },
  {
    path: '/organization/roles',
    access: 'user',
    title: 'Roles',
    Page: lazyPage(() => import('./pages/roles-route'), 'RolesRoute'),
    // Every roles call declares roles.manage (contract/roles.ts).
    nav: { label: 'Roles', icon: lockClosedOutline, isVisible: ({ access }) => access.can('roles.manage') },
  },
  {
    path: '/profile',
    access: 'user',
    title: 'My profile',
    Page: lazyPage(() => import('./pages/profile-route'), 'ProfileRoute'),
    nav: { label: 'My profile', icon: personCircleOutline },
  },
  {
    path: '/account',
    access: 'user',
    title: 'Account & security',
    Page: lazyPage(() => import('../features/accounts/pages/account-settings-page'), 'AccountSettingsPage'),
    nav: { label: 'Account & security', icon: shieldCheckmarkOutline },
  },
];
