import type { AuditEntity } from '../../contract/audit';
import type { OrganizationId, UserId } from './ids';
import type { Tx } from '../db/handles';
import { auditTrail } from '../db/schema/audit';

export type AuditAction = 'create' | 'update' | 'delete' | 'read';
type Fields = Record<string, unknown>;

/** One thing an admin call did: which entity, and its fields before and after (for a read: what it opened, if said). */
export interface Change {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** Rows the entity belongs to, e.g. `{ department: id }`, so the parent's history shows it. */
  scope?: Record<string, string>;
  before?: Fields | null;
  after?: Fields | null;
}

/** Records what one call changes, in the call's own transaction: the row commits or rolls back with the change. */
export interface AuditTrail {
  record(change: Change): Promise<void>;
  /** A whole bulk action at once: one insert, not one per row. */
  recordAll(changes: Change[]): Promise<void>;
}

/** Fields never written to the trail, whatever the entity (names matched case-insensitively). */
const SECRET = /password|token|secret|hash|otp/i;

/**
 * The fields that differ between before and after, as `{ field: [before, after] }`. A create has
 * no before and a delete no after: every field is listed. Dates are compared and stored as ISO
 * strings; secrets are left out.
 */
export function changedFields(before: Fields | null | undefined, after: Fields | null | undefined): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET.test(key)) {
      continue;
    }
    const a = plain(before?.[key]);
    const b = plain(after?.[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      out[key] = [a, b];
    }
  }
  return out;
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

export function auditTrailFor(
  tx: Tx,
  who: { organizationId: OrganizationId; userId: UserId; actingAsUserId?: UserId | null; call: string },
): AuditTrail {
  const row = (change: Change) => ({
    organizationId: who.organizationId,
    userId: who.userId,
    actingAsUserId: who.actingAsUserId ?? null,
    call: who.call,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    scope: change.scope ?? {},
    // A read changes nothing: its `after` says what was opened (e.g. which parts of a student's record).
    changes: change.action === 'read' ? changedFields(null, change.after) : changedFields(change.before, change.after),
  });
  const keep = (change: Change) => change.action !== 'update' || Object.keys(row(change).changes).length > 0;
  return {
    async record(change) {
      if (keep(change)) {
        await tx.insert(auditTrail).values(row(change));
      }
    },
    async recordAll(changes) {
      const rows = changes.filter(keep).map(row);
      if (rows.length > 0) {
        await tx.insert(auditTrail).values(rows);
      }
    },
  };
}
