import type { OrgAccess } from '../plugins/auth';
import type { Tx } from '../db/handles';
import { PERMISSION_KEYS } from '../../contract/http';
import { auditTrailFor, type AuditTrail } from './audit-trail';
import type { OrganizationId, UserId } from './ids';

/**
 * What every tenant service takes first: the call's transaction, the organization with the
 * member's access, who acts, whom they act as, and the audit trail bound to all of these.
 *
 * The route registration builds it for each call (registerTxCall); the seed and tests build one
 * with `systemContext`. A service never opens its own transaction and never asks who is calling
 * by any other way, so a rule that depends on the caller reads `ctx.org.access`.
 */
export interface RequestContext {
  tx: Tx;
  org: { id: OrganizationId; access: OrgAccess };
  /** The signed-in person making the call. */
  actor: UserId;
  /** The person the actor acts as (a parent acting as a child), or null: recorded on every trail row. */
  actingAs: UserId | null;
  trail: AuditTrail;
  /** The call's own address, for the links of a page answer. */
  url: string;
}

export function requestContext(
  tx: Tx,
  who: { access: OrgAccess; actor: UserId; actingAs: UserId | null; call: string; url: string },
): RequestContext {
  const organizationId = who.access.organizationId;
  return {
    tx,
    org: { id: organizationId, access: who.access },
    actor: who.actor,
    actingAs: who.actingAs,
    trail: auditTrailFor(tx, { organizationId, userId: who.actor, actingAsUserId: who.actingAs, call: who.call }),
    url: who.url,
  };
}

/**
 * A context for work no HTTP call starts (the demo seed, tests): it acts as the named person with
 * every permission, as the owner would, and its trail rows name `call` so they read as what they are.
 */
export function systemContext(tx: Tx, who: { organizationId: OrganizationId; actor: UserId; call: string }): RequestContext {
  const access: OrgAccess = {
    organizationId: who.organizationId,
    isOwner: true,
    membershipId: null,
    permissions: new Set(PERMISSION_KEYS),
  };
  return requestContext(tx, { access, actor: who.actor, actingAs: null, call: who.call, url: '/' });
}
