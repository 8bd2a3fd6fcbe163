import { Fragment, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
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

/**
 * The route of one row of the active organization, by the `:id` of its path (another organization's id
 * answers "not found"). Moving to another row mounts its page afresh rather than reusing the last one's state.
 */
export function detailRoute(page: (props: OrganizationPageProps & { id: string }) => ReactNode) {
  return function DetailRoute(props: OrganizationPageProps) {
    const { id = '' } = useParams<{ id: string }>();
    return <Fragment key={id}>{page({ ...props, id })}</Fragment>;
  };
}
