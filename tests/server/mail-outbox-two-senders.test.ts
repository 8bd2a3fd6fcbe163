/**
 * Two senders on one database, as two API servers on one PostgreSQL run: each has its own
 * connection pool (on PGlite, one process, they share the one database) and both look for due
 * e-mail at the same moments. Every e-mail reaches the SMTP server exactly once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import type { OrganizationId } from '../../server/lib/ids';
import { enqueueMail } from '../../server/lib/mail/outbox';
import { createMailSender } from '../../server/lib/mail/sender';
import { smtpTransport } from '../../server/lib/mail/transport';
import { describeServer, newPostgresDatabase, openTestDatabase } from '../helpers/test-app';
import { rows } from '../helpers/db';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server';
import '../helpers/provided';

const onPostgres = inject('postgres') !== null;
let databases: Database[] = [];
let smtp: SmtpTestServer;
const organizationId = crypto.randomUUID() as OrganizationId;

beforeAll(async () => {
  if (onPostgres) {
    const url = await newPostgresDatabase();
    const first = await openDatabase({ databaseUrl: url });
    databases = [first, await openDatabase({ databaseUrl: url, migrate: false })];
  } else {
    const shared = await openTestDatabase();
    databases = [shared, shared];
  }
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp?.stop();
  await Promise.all([...new Set(databases)].map((d) => d.close()));
});

describeServer('two mail senders on one database', () => {
  it('deliver each queued e-mail once between them', async () => {
    const subjects = Array.from({ length: 40 }, (_, n) => `Reminder ${n} ${crypto.randomUUID()}`);
    await databases[0]!.tenant(organizationId, async (tx) => {
      for (const subject of subjects) {
        await enqueueMail(tx, { to: 'team@harbor.example', subject, text: 'See https://thera.example/today' });
      }
    });
    const senders = databases.map((database, n) =>
      createMailSender(database, {
        transport: smtpTransport(smtp.url),
        log: pino({ level: 'silent' }),
        from: 'Thera <no-reply@thera.example>',
        messageIdDomain: `server-${n}.thera.example`,
        batchSize: 3,
      }),
    );
    const counts = await Promise.all(senders.map((s) => s.deliverDue()));
    await Promise.all(senders.map((s) => s.stop()));

    const received = smtp.received.map((m) => m.header('subject'));
    expect(received.sort()).toEqual([...subjects].sort());
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    const left = await rows<{ n: number }>(databases[1]!.db, sql`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`);
    expect(left[0]?.n).toBe(0);
  });
});
