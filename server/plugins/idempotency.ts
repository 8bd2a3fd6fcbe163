import { asOrganizationId, type OrganizationId, type UserId } from '../lib/ids';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '../lib/app-error';
import { idempotencyRecords } from '../db/schema/collector';
import type { Tx } from '../db/handles';
import type { Database } from '../db/client';

export const NIL_ORG = asOrganizationId('00000000-0000-0000-0000-000000000000');
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
/** A record still marked running after this long belongs to a crashed request and may be taken over. */
const RUNNING_LEASE_MS = 60_000;
export const RETENTION_DAYS = 30;

export interface Replay {
  status: number;
  body: unknown;
}

export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) {
    return null;
  }
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 128 letters, digits or ._:-', {
      'Idempotency-Key': ['Invalid idempotency key.'],
    });
  }
  return key;
}

/**
 * Delivery proof for the outbox: every answer to a request that carried a well-formed
 * Idempotency-Key (fresh, replayed or an error) carries the same key back. A captive portal or a
 * proxy answering in the API's place can't echo it, so the client never takes such an answer as
 * delivered.
 */
export function registerIdempotencyEcho(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (key && KEY_PATTERN.test(key)) {
      void reply.header('Idempotency-Key', key);
    }
    return payload;
  });
}

/** What the key protects: method, path with query, and the body as sent. */
export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** The advisory lock a key's request holds while it runs (tried when its tenant transaction opens). */
export const idempotencyLockName = (scope: { organizationId: OrganizationId; userId: UserId; key: string }) =>
  `${scope.organizationId}/${scope.userId}/${scope.key}`;

/**
 * Exactly-once inside one tenant transaction: the record is written in the same transaction as the
 * effect, so an effect without its record (or the reverse) can't exist. A concurrent duplicate
 * can't take the advisory lock and gets 409; the outbox retries it and then gets the stored answer.
 * `lockTaken` is the lock's outcome, tried as the transaction opened (database.tenant's tryLock).
 */
export async function withIdempotencyInTx<T>(
  tx: Tx,
  scope: { organizationId: OrganizationId; userId: UserId; key: string; hash: string },
  lockTaken: boolean | null,
  status: number,
  run: () => Promise<T>,
): Promise<{ replay: Replay | null; result: T | null }> {
  // The lock first, then the record in a statement of its own: a statement's snapshot is taken when
  // it starts, so a record read in the lock's own statement could miss a twin request that committed
  // (and let go of the lock) just before the lock was tried, and the effect would run twice.
  if (!lockTaken) {
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'The same request is still being processed. Try again shortly.');
  }
  const existing = await tx
    .select({
      requestHash: idempotencyRecords.requestHash,
      statusCode: idempotencyRecords.statusCode,
      response: idempotencyRecords.response,
    })
    .from(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.organizationId, scope.organizationId),
        eq(idempotencyRecords.userId, scope.userId),
        eq(idempotencyRecords.key, scope.key),
      ),
    );
  const record = existing[0];
  if (record) {
    if (record.requestHash !== scope.hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    return { replay: { status: record.statusCode, body: record.response }, result: null };
  }
  const result = await run();
  await tx.insert(idempotencyRecords).values({
    organizationId: scope.organizationId,
    userId: scope.userId,
    key: scope.key,
    requestHash: scope.hash,
    statusCode: status,
    response: result as object,
  });
  return { replay: null, result };
}

/**
 * For calls that don't run in one tenant transaction (account calls): a running marker, then the
 * stored answer. Failures remove the marker so a retry runs again.
 */
export async function withIdempotencyStandalone<T>(
  request: FastifyRequest,
  scope: { organizationId: OrganizationId; userId: UserId; key: string; hash: string },
  status: number,
  run: () => Promise<T>,
): Promise<{ replay: Replay | null; result: T | null }> {
  const { db } = request.server.database;
  const where = and(
    eq(idempotencyRecords.organizationId, scope.organizationId),
    eq(idempotencyRecords.userId, scope.userId),
    eq(idempotencyRecords.key, scope.key),
  );
  const inserted = await db
    .insert(idempotencyRecords)
    .values({ ...scope, requestHash: scope.hash, statusCode: 0 })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  if (inserted.length === 0) {
    const record = (await db.select().from(idempotencyRecords).where(where).limit(1))[0];
    if (record && record.requestHash !== scope.hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    if (record && record.statusCode !== 0) {
      return { replay: { status: record.statusCode, body: record.response }, result: null };
    }
    if (record && Date.now() - record.createdAt.getTime() < RUNNING_LEASE_MS) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'The same request is still being processed. Try again shortly.');
    }
    await db.update(idempotencyRecords).set({ createdAt: new Date() }).where(where);
  }
  try {
    const result = await run();
    await db
      .update(idempotencyRecords)
      .set({ statusCode: status, response: result as object })
      .where(where);
    return { replay: null, result };
  } catch (error) {
    await db.delete(idempotencyRecords).where(where);
    throw error;
  }
}

/** Records are kept 30 days (a device offline for weeks still gets its stored answer), then removed. */
export async function pruneIdempotencyRecords(database: Pick<Database, 'db'>) {
  const cutoff = new Date(Date.now() - RETENTION_DAYS * 24 * 3600_000);
  await database.db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, cutoff));
}
