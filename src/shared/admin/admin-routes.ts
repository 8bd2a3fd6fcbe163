import type { ComponentType } from 'react';
import { isAdminAreaInMenu, type AdminArea } from '../access/menu-areas';
import { lazyPage, type AppRoute, type FeatureRegistration, type NavState, type OrganizationPageProps } from '../routing/app-route';

type Pages<K extends string> = () => Promise<Record<K, ComponentType<OrganizationPageProps>>>;

/** A screen's menu entry: its icon, and who sees it. */
export interface ScreenNav {
  icon: string;
  isVisible: (state: NavState) => boolean;
}

/** One screen of the active organization: its address, window title and page; a menu entry (labelled by the title) when it has `nav`. */
export interface ScreenRow<K extends string> {
  path: string;
  title: string;
  page: K;
  nav?: ScreenNav;
}

/**
 * A feature's organization screens from a table of rows. Every such screen needs a signed-in user
 * and an active organization (`what` names the feature's things in the shell's "No organization
 * chosen" text), and its pages load with the feature's first visit.
 */
export function organizationScreens<K extends string>(what: string, load: Pages<K>, rows: ScreenRow<K>[]): FeatureRegistration {
  return {
    routes: rows.map(({ path, title, page, nav }): AppRoute => {
      const route: AppRoute = { path, access: 'user', title, organizationPage: { Page: lazyPage(load, page), what } };
      return nav ? { ...route, nav: { label: title, ...nav } } : route;
    }),
  };
}

/**
 * An admin area's screens: its list at /organization/<area> (in the menu where the role can change
 * it or reads it for its work) and, when it has one, the page of one item at /organization/<area>/:id.
 */
export function adminAreaScreens<K extends string>(
  area: AdminArea,
  words: { one: string; many: string; icon: string },
  pages: { list: K; detail?: K },
  load: Pages<K>,
): FeatureRegistration {
  const path = `/organization/${area}`;
  const list: ScreenRow<K> = {
    path,
    title: words.many,
    page: pages.list,
    nav: { icon: words.icon, isVisible: ({ access }) => isAdminAreaInMenu(area, access) },
  };
  const detail = pages.detail && { path: `${path}/:id`, title: words.one, page: pages.detail };
  return organizationScreens(area, load, detail ? [list, detail] : [list]);
}
