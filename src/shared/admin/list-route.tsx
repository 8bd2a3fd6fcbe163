import type { ComponentType } from 'react';
import type { PermissionKey } from '../../../contract/http';
import type { OrganizationPageProps } from '../routing/app-route';

/** What an admin list page takes: the active organization's code, and whether the member may change the rows. */
export interface ListPageProps {
  orgCode: string;
  canManage: boolean;
}

/**
 * The route of an admin list screen of the active organization: who holds `manageKey` gets the controls
 * that change the rows, everyone else the list read-only.
 */
export function listRoute(Page: ComponentType<ListPageProps>, manageKey: PermissionKey) {
  return function ListRoute({ organization, access }: OrganizationPageProps) {
    return <Page orgCode={organization.code} canManage={access.can(manageKey)} />;
  };
}
