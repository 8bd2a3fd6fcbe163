import type { UserId } from '../../lib/ids';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIndex, tenantPrimaryKey } from './tenant';
import { ownedKeyColumns } from './organizations';

/**
 * The organization's audit trail: every change an admin call makes, and every opening of a
 * student's record, one row each, written in the same transaction as the change. Append-only: the
 * runtime role may only insert and read it (server/db/rls.ts), and a trigger refuses UPDATE, DELETE
 * and TRUNCATE for every role (migration 0005). Histories (a department's) are
 * views of it. Account events (sign-ins, password changes) stay in audit_log, which belongs to no
 * organization.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    organizationId: ownedKeyColumns().organizationId,
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the call; actingAsUserId is the person they acted as (a parent acting as a child). */
    userId: uuid('user_id').$type<UserId>().notNull(),
    actingAsUserId: uuid('acting_as_user_id').$type<UserId>(),
    /** The contract call, as `feature.name` (e.g. `services.updateService`). */
    call: text('call').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete', 'read'] }).notNull(),
    /** What changed: an entity kind (`service`, `department`, `department_member`, ...) and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /**
     * Rows the entity belongs to, so a parent's history shows its children's changes too (a
     * department's history holds its members and students): e.g. `{ department: id }`.
     */
    scope: jsonb('scope').$type<Record<string, string>>().notNull().default({}),
    /** Changed fields only, `{ field: [before, after] }`; secrets are never stored (server/lib/audit-trail.ts). */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
  },
  (t) => [
    // The organization leads the key, as in every tenant table, so the table can be distributed by it.
    tenantPrimaryKey(t),
    tenantIndex('audit_trail_entity_idx', t, t.entity, t.entityId, t.id),
    index('audit_trail_scope_idx').using('gin', t.scope),
  ],
);
