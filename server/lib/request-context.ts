import type { OrgAccess, SignedIn } from './access/authorize';
import type { Config } from '../config';
import type { Database } from '../db/client';
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

/** Who called from where: kept on sign-in sessions and the account audit log (never more than the address). */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** The session cookie of the call's answer: an HTTP call sets it on the reply; outside HTTP it is kept. */
export interface SessionCookie {
  set(token: string, maxAgeSeconds: number): void;
  clear(): void;
}

/**
 * What a public call's service takes first (sign-in, registration, sign-out): no organization and
 * maybe nobody signed in yet. Users, sign-in sessions, children and the account audit log belong
 * to no organization, so such a service works on the owner connection (`database.db`); where it
 * reads one organization's rows for the user (a parent's child's enrollments) it opens that
 * organization's tenant transaction itself (`database.tenant`). There is no organization trail:
 * organization-level writes take a `RequestContext` (`systemContext`).
 */
export interface PublicContext {
  database: Database;
  config: Config;
  /** The signed-in person, or null before sign-in. */
  actor: UserId | null;
  actingAs: UserId | null;
  /** The session the browser presented (sign-in ends it, sign-out ends it), or null. */
  session: SignedIn | null;
  client: ClientMeta;
  cookie: SessionCookie;
  url: string;
}

/** What a signed-in user's own call takes first (access 'user': their account, organizations, memberships, children). */
export interface UserContext extends PublicContext {
  actor: UserId;
  session: SignedIn;
}

export function userContext<S extends SignedIn | null>(
  deps: { database: Database; config: Config },
  who: { session: S; client: ClientMeta; cookie: SessionCookie; url: string },
): S extends SignedIn ? UserContext : PublicContext {
  const context: PublicContext = {
    database: deps.database,
    config: deps.config,
    actor: who.session?.user.id ?? null,
    actingAs: who.session?.actingAsUserId ?? null,
    session: who.session,
    client: who.client,
    cookie: who.cookie,
    url: who.url,
  };
  return context as S extends SignedIn ? UserContext : PublicContext;
}

/** A cookie no browser receives: the seed and tests read the token a registration issued from it. */
export interface KeptCookie extends SessionCookie {
  token: string | null;
}

/**
 * A user-level context for work no HTTP call starts (the seed registering people, tests): the
 * session is the given one (or none), and the cookie an answer would set is kept for the caller.
 */
export function systemUserContext<S extends SignedIn | null>(
  deps: { database: Database; config: Config },
  who: { session: S; client: ClientMeta },
): (S extends SignedIn ? UserContext : PublicContext) & { cookie: KeptCookie } {
  const cookie: KeptCookie = {
    token: null,
    set(token) {
      cookie.token = token;
    },
    clear() {
      cookie.token = null;
    },
  };
  return Object.assign(userContext(deps, { session: who.session, client: who.client, cookie, url: '/' }), { cookie });
}
