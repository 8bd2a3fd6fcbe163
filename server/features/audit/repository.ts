import type { OrganizationId, UserId } from '../../lib/ids';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/handles';
import { auditTrail } from '../../db/schema/audit';
import { users } from '../../db/schema/accounts';
import { organizations } from '../../db/schema/organizations';
import { containing, type Window } from '../../lib/pagination';
import { userContactFields } from '../../lib/person-columns';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security.

const actingAs = alias(users, 'acting_as');

// Inside a select's own fields drizzle writes the main table's columns unqualified: the outer row is named explicitly.
const OUTER = {
  org: sql.raw('"audit_trail"."organization_id"'),
  entity: sql.raw('"audit_trail"."entity"'),
  entityId: sql.raw('"audit_trail"."entity_id"'),
};

/**
 * The record's name as the trail last wrote it: the newest entry of the same record that changed a
 * `name` (its new value, or its old one when it was deleted). Read through the entity index, so a
 * page of 100 entries costs 100 index probes, and any kind of record with a `name` is labelled
 * without the audit feature knowing its table.
 */
const trailLabel = (field: 'name' | 'title') => sql`(SELECT coalesce(l.changes -> ${field} ->> 1, l.changes -> ${field} ->> 0)
  FROM audit_trail l
  WHERE l.organization_id = ${OUTER.org} AND l.entity = ${OUTER.entity} AND l.entity_id = ${OUTER.entityId}
    AND l.changes -> ${field} IS NOT NULL
  ORDER BY l.id DESC LIMIT 1)`;

// A uuid held as text (an entry's record id, or a scope's id), or null when it is not one: a cast of
// anything else would fail the whole page.
const uuidOf = (text: SQL) =>
  sql`(CASE WHEN ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (${text})::uuid END)`;
const studentName = (id: SQL) =>
  sql`(SELECT s.first_name || ' ' || s.last_name FROM students s WHERE s.organization_id = ${OUTER.org} AND s.id = ${uuidOf(id)})`;
const memberName = (id: SQL) =>
  sql`(SELECT u.first_name || ' ' || u.last_name FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.organization_id = ${OUTER.org} AND m.id = ${uuidOf(id)})`;
const scoped = (key: string) => sql.raw(`"audit_trail"."scope" ->> '${key}'`);

/**
 * The record's name in words, in the page's one statement (each a probe by primary key on a page of
 * at most 100 entries, never a query per row from the server): a student or a member by their name
 * as it is now, a session and a student's therapist as "Student with Therapist", a record that links
 * a student or a member to something by that person's name (its scope names them), and any other
 * kind by the name or title the trail last wrote for it, so a deleted record keeps its name.
 */
const recordLabel = sql<string | null>`CASE
  WHEN ${OUTER.entity} = 'student' THEN ${studentName(OUTER.entityId)}
  WHEN ${OUTER.entity} = 'membership' THEN ${memberName(OUTER.entityId)}
  WHEN ${OUTER.entity} IN ('therasession', 'department_student_therapist')
    THEN ${studentName(scoped('student'))} || ' with ' || ${memberName(scoped('membership'))}
  WHEN ${OUTER.entity} IN ('program_student', 'classroom_student', 'department_student') THEN ${studentName(scoped('student'))}
  WHEN ${OUTER.entity} = 'enrollment' THEN ${studentName(sql`(SELECT e.student_id::text FROM enrollments e
    WHERE e.organization_id = ${OUTER.org} AND e.id = ${uuidOf(OUTER.entityId)})`)}
  WHEN ${OUTER.entity} IN ('department_member', 'workspace_usage') THEN ${memberName(scoped('membership'))}
  ELSE coalesce(${trailLabel('name')}, ${trailLabel('title')})
END`;

export interface AuditFilter {
  search?: string | undefined;
  userId?: UserId | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Entries at or after this instant. */
  from?: Date | undefined;
  /** Entries before this instant. */
  until?: Date | undefined;
}

function auditWhere(organizationId: OrganizationId, filter: AuditFilter): SQL | undefined {
  const pattern = containing(filter.search);
  return and(
    eq(auditTrail.organizationId, organizationId),
    filter.userId === undefined ? undefined : eq(auditTrail.userId, filter.userId),
    filter.entity === undefined ? undefined : eq(auditTrail.entity, filter.entity),
    filter.entityId === undefined ? undefined : eq(auditTrail.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditTrail.at, filter.from),
    filter.until === undefined ? undefined : lt(auditTrail.at, filter.until),
    pattern
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
          ilike(auditTrail.call, pattern),
          ilike(auditTrail.entityId, pattern),
        )
      : undefined,
  );
}

export type AuditOrdering = '-at' | 'at';

/** One page and the filtered count (`total`, on every row) in one statement; the entry number breaks ties. */
export async function pageAuditEntries(
  tx: Tx,
  organizationId: OrganizationId,
  filter: AuditFilter,
  ordering: AuditOrdering,
  window: Window,
) {
  // The entry's row whole, with who made the call and whom they acted as, by name.
  return tx
    .select({
      ...getTableColumns(auditTrail),
      ...userContactFields,
      actingFirstName: actingAs.firstName,
      actingLastName: actingAs.lastName,
      actingEmail: actingAs.email,
      recordLabel,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(auditTrail)
    .leftJoin(users, eq(users.id, auditTrail.userId))
    .leftJoin(actingAs, eq(actingAs.id, auditTrail.actingAsUserId))
    .where(auditWhere(organizationId, filter))
    .orderBy(...(ordering === 'at' ? [asc(auditTrail.at), asc(auditTrail.id)] : [desc(auditTrail.at), desc(auditTrail.id)]))
    .limit(window.limit)
    .offset(window.offset);
}

export type AuditRow = Awaited<ReturnType<typeof pageAuditEntries>>[number];

/**
 * What the filter pickers offer, and the organization's time zone (the date filters are read in
 * it), in one statement: the organization's row joined to its trail counted per kind of record and
 * person. An organization without entries answers one row with no entity.
 */
export async function selectAuditFacets(tx: Tx, organizationId: OrganizationId) {
  return tx
    .select({
      timezone: organizations.timezone,
      currency: organizations.currency,
      entity: auditTrail.entity,
      userId: auditTrail.userId,
      ...userContactFields,
      n: count(auditTrail.id),
    })
    .from(organizations)
    .leftJoin(auditTrail, eq(auditTrail.organizationId, organizations.id))
    .leftJoin(users, eq(users.id, auditTrail.userId))
    .where(eq(organizations.id, organizationId))
    .groupBy(
      organizations.timezone,
      organizations.currency,
      auditTrail.entity,
      auditTrail.userId,
      users.firstName,
      users.lastName,
      users.email,
    );
}

export type AuditFacetRow = Awaited<ReturnType<typeof selectAuditFacets>>[number];
