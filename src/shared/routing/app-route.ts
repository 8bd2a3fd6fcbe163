import { lazy, type ComponentType } from 'react';
import type { User } from '../../../contract/accounts';
import type { MyOrganization } from '../../../contract/organizations';
import type { MyAccess } from '../access/my-access';

/** Who may open a route: 'guest' only signed out, 'user' only signed in, 'any' both. */
export type RouteAccess = 'guest' | 'user' | 'any';

export interface NavState {
  user: User | null;
  organization: MyOrganization | undefined;
  /** What the user may do in the active organization (src/app/use-my-access.ts). */
  access: MyAccess;
}

/** What an organization's page is given: the active organization, always chosen, and the user's rights in it. */
export interface OrganizationPageProps {
  organization: MyOrganization;
  access: MyAccess;
}

interface RouteBase {
  path: string;
  access: RouteAccess;
  /** Window title (screen readers announce it on navigation), and the header of the shell's own states. */
  title: string;
  /** Works without a connection: network failures there never open the offline page. */
  offlineCapable?: boolean;
  /** Listed in the navigation; `isVisible` hides areas the user cannot use. */
  nav?: { label: string; icon: string; isVisible?: (state: NavState) => boolean };
}

/** A screen of its own: the page body (IonHeader + IonContent); the shell wraps it in IonPage and Suspense. */
export interface PlainRoute extends RouteBase {
  Page: ComponentType;
  organizationPage?: undefined;
}

/**
 * A screen of the active organization. The shell shows "Loading your organization…" or "No
 * organization chosen" (with "Choose an organization from the menu to see its <what>.") until there
 * is one, then the page, keyed by organization so a switch starts it afresh.
 */
export interface OrganizationRoute extends RouteBase {
  Page?: undefined;
  organizationPage: { Page: ComponentType<OrganizationPageProps>; what: string };
}

export type AppRoute = PlainRoute | OrganizationRoute;

/** What a feature adds to the app: src/app/routes.tsx takes every feature's, one line each. */
export interface FeatureRegistration {
  /** Its screens, in the order their entries appear in the navigation. */
  routes: AppRoute[];
}

/** React.lazy over a named export (the code has no default exports), so pages stay out of the first download. */
export function lazyPage<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): ComponentType<P> {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => ({ default: (await load())[name] })) as ComponentType<P>;
}
