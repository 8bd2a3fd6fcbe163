/**
 * The mail outbox on the database the server runs on: an e-mail queued in a transaction goes out
 * through a real SMTP server on loopback once the transaction commits, never when it rolls back,
 * is kept and tried again while the mail server is down, and is written to the mail folder when
 * there is no SMTP server. Two senders on one database: mail-outbox-two-senders.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import type { OrganizationId } from '../../server/lib/ids';
import { enqueueMail, type OutgoingMail } from '../../server/lib/mail/outbox';
import { createMailSender, type MailSenderOptions } from '../../server/lib/mail/sender';
import { folderTransport, smtpTransport } from '../../server/lib/mail/transport';
import { describeServer, openTestDatabase } from '../helpers/test-app';
import { rows } from '../helpers/db';
import { bodyOf, startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server';

let database: Database;
let smtp: SmtpTestServer;
const organizationId = crypto.randomUUID() as OrganizationId;
const silent = pino({ level: 'silent' });
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpTestServer({ refuse: ['nobody@harbor.example'] });
});
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});
afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

const until = async (done: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const sender = (overrides: Partial<MailSenderOptions> = {}) => {
  const created = createMailSender(database, {
    transport: smtpTransport(smtp.url),
    log: silent,
    from: 'Thera <no-reply@thera.example>',
    messageIdDomain: 'thera.example',
    pollMs: 50,
    retryBaseMs: 150,
    ...overrides,
  });
  stops.push(() => created.stop());
  return created;
};

const invitation = (to: string): OutgoingMail => ({
  to,
  subject: `Invitation ${crypto.randomUUID()}`,
  text: 'Harbor Clinic invites you. Answer at https://thera.example/invitations/abc123.\nThe link works for 14 days.',
});

/** Queues from a tenant transaction, as an invitation's call does. */
const enqueue = (mail: OutgoingMail) => database.tenant(organizationId, (tx) => enqueueMail(tx, mail));

const outboxRow = async (subject: string) =>
  (
    await rows<{ id: string; attempts: number; sent_at: Date | null; failed_at: Date | null; last_error: string | null }>(
      database.db,
      sql`SELECT id, attempts, sent_at, failed_at, last_error FROM mail_outbox WHERE subject = ${subject}`,
    )
  )[0];

const receivedWith = (subject: string) => smtp.received.filter((m) => m.header('subject') === subject);

describeServer('mail outbox', () => {
  it('delivers an e-mail queued in a committed transaction, with a Message-ID made of its row', async () => {
    const mail = invitation('dana@harbor.example');
    await enqueue(mail);
    expect(await sender().deliverDue()).toBe(1);

    const [received] = receivedWith(mail.subject);
    const row = await outboxRow(mail.subject);
    expect(received?.to).toEqual(['dana@harbor.example']);
    expect(received?.header('message-id')).toBe(`<${row?.id}@thera.example>`);
    expect(received?.header('from')).toBe('Thera <no-reply@thera.example>');
    expect(bodyOf(received?.raw ?? '')).toContain('Answer at https://thera.example/invitations/abc123.');
    expect(row?.sent_at).not.toBeNull();
    expect(row?.attempts).toBe(1);
  });

  it('sends nothing from a transaction that rolls back', async () => {
    const mail = invitation('lee@harbor.example');
    await expect(
      database.tenant(organizationId, async (tx) => {
        await enqueueMail(tx, mail);
        throw new Error('the invitation could not be saved');
      }),
    ).rejects.toThrow('the invitation could not be saved');
    await sender().deliverDue();

    expect(await outboxRow(mail.subject)).toBeUndefined();
    expect(receivedWith(mail.subject)).toHaveLength(0);
  });

  it('lets a tenant transaction queue e-mail but not read the outbox', async () => {
    const reading = database.tenant(organizationId, (tx) => tx.execute(sql`SELECT count(*) FROM mail_outbox`));
    await expect(reading).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
  });

  it('keeps an e-mail while the mail server is down, tries again and sends it once when it is back', async () => {
    const mail = invitation('kim@harbor.example');
    await smtp.stop();
    try {
      sender().start();
      await enqueue(mail);
      await until(async () => ((await outboxRow(mail.subject))?.attempts ?? 0) >= 2);
      const failing = await outboxRow(mail.subject);
      expect(failing?.attempts).toBeGreaterThanOrEqual(2);
      expect(failing?.sent_at).toBeNull();
      expect(failing?.last_error).toBeTruthy();
    } finally {
      await smtp.restart();
    }
    await until(async () => Boolean((await outboxRow(mail.subject))?.sent_at));
    await new Promise((resolve) => setTimeout(resolve, 400)); // several more polls: nothing goes twice

    expect(receivedWith(mail.subject)).toHaveLength(1);
    expect((await outboxRow(mail.subject))?.last_error).toBeNull();
  });

  it('does not try again an e-mail the mail server refused for good', async () => {
    const mail = invitation('nobody@harbor.example');
    await enqueue(mail);
    const once = sender();
    expect(await once.deliverDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the first retry's delay
    expect(await once.deliverDue()).toBe(0);

    const row = await outboxRow(mail.subject);
    expect(row?.attempts).toBe(1);
    expect(row?.failed_at).not.toBeNull();
    expect(row?.last_error).toMatch(/550/);
  });

  it('without SMTP writes the e-mail into the mail folder and logs its recipient, subject and first link', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-mail-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mail = invitation('ari@harbor.example');
    await enqueue(mail);
    expect(await sender({ transport: folderTransport(directory, log), log }).deliverDue()).toBe(1);

    const row = await outboxRow(mail.subject);
    const file = fs.readFileSync(path.join(directory, `${row?.id}.eml`), 'utf8');
    expect(file).toContain(`Subject: ${mail.subject}`);
    expect(file).toContain(`Message-ID: <${row?.id}@thera.example>`);
    expect(bodyOf(file)).toContain('Answer at https://thera.example/invitations/abc123.');
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; to?: string; link?: string }).find((l) => l.to === mail.to);
    expect(logged?.msg).toBe(`mail to ari@harbor.example: "${mail.subject}" https://thera.example/invitations/abc123`);
    fs.rmSync(directory, { recursive: true, force: true });
  });
});
