import type { OrganizationId, UserId } from './ids';
import { auditLog } from '../db/schema/accounts';
import type { Db } from '../db/handles';

/** What the audit log records: the account events one may later need to trace (sign-ins, failures, sign-outs, e-mail, password, locks). */
export const AUDIT_EVENTS = [
  'registered',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_changed',
  'email_changed',
  'account_locked',
  'account_unlocked',
  'unlock_failed',
  'session_ended_after_failed_unlocks',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export interface AuditEntry {
  event: AuditEvent;
  userId: UserId | null;
  ip: string;
  organizationId?: OrganizationId | null;
  /** Never passwords, tokens or e-mail addresses: only reasons and counters. */
  detail?: Record<string, string | number | boolean>;
}

/**
 * Appends one row to audit_log (append-only: a trigger refuses UPDATE and DELETE). Pass the
 * transaction when the event belongs to one, so the row commits or rolls back with it.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    userId: entry.userId,
    organizationId: entry.organizationId ?? null,
    ip: entry.ip.slice(0, 64),
    detail: entry.detail ?? {},
  });
}
