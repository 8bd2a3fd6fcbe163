import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/handles';
import { folderTransport, smtpTransport, type MailTransport } from './transport';

export interface MailSenderOptions {
  transport: MailTransport;
  log: FastifyBaseLogger;
  from: string;
  /** The part after the @ of every Message-ID (the host of PUBLIC_ORIGIN). */
  messageIdDomain: string;
  /** How long an idle sender waits before it looks for due e-mail again. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed e-mail is held by the sender that took it before another may try it. */
  leaseMs?: number;
  /** The first retry's delay; each further failure doubles it, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface MailSender {
  /** Sends what is due now, batch after batch, until nothing is; answers how many went out. */
  deliverDue(): Promise<number>;
  /** Looks for due e-mail every `pollMs` until stopped. */
  start(): void;
  /**
   * Stops looking, waits (up to `timeoutMs`) for the batch in hand and closes the transport. A row
   * still in hand when the wait ends comes back to a sender when its lease runs out.
   */
  stop(timeoutMs?: number): Promise<void>;
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

const DUE = sql`sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()`;
const later = (ms: number) => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/**
 * Takes due rows for this sender: rows another sender is claiming are skipped, not waited for, and
 * a claimed row's next try moves past the lease, so however many servers share the database each
 * row is in one sender's hands at a time. The row is not kept locked while the SMTP server talks.
 */
async function claim(database: Database, batchSize: number, leaseMs: number): Promise<Claimed[]> {
  const result = await database.db.execute(sql`
    UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ${later(leaseMs)}
    WHERE id IN (SELECT id FROM mail_outbox WHERE ${DUE} ORDER BY next_attempt_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      AND ${DUE}
    RETURNING id, recipient, subject, text, html, attempts`);
  return rowsOf<Claimed>(result);
}

/** An SMTP answer of the 5xx family refuses the message for good; anything else may pass later. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createMailSender(database: Database, options: MailSenderOptions): MailSender {
  const { transport, log, from, messageIdDomain } = options;
  const { pollMs = 2000, batchSize = 10, leaseMs = 10 * 60_000, retryBaseMs = 30_000, retryMaxMs = 3_600_000 } = options;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const sendOne = async (row: Claimed) => {
    try {
      const messageId = `<${row.id}@${messageIdDomain}>`;
      await transport.send({ id: row.id, messageId, from, to: row.recipient, subject: row.subject, text: row.text, html: row.html });
      await database.db.execute(sql`UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = ${row.id}`);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanent(error)) {
        await database.db.execute(sql`UPDATE mail_outbox SET failed_at = now(), last_error = ${reason} WHERE id = ${row.id}`);
        log.error({ mailId: row.id, attempts: row.attempts, reason }, 'the mail server refused an e-mail for good');
        return false;
      }
      const delayMs = Math.min(retryBaseMs * 2 ** (row.attempts - 1), retryMaxMs);
      await database.db.execute(
        sql`UPDATE mail_outbox SET next_attempt_at = ${later(delayMs)}, last_error = ${reason} WHERE id = ${row.id}`,
      );
      log.warn({ mailId: row.id, attempts: row.attempts, reason, retryInMs: delayMs }, 'sending an e-mail failed; it will be tried again');
      return false;
    }
  };

  const deliverDue = async () => {
    let sent = 0;
    for (;;) {
      const batch = await claim(database, batchSize, leaseMs);
      if (batch.length === 0) {
        return sent;
      }
      for (const row of batch) {
        sent += (await sendOne(row)) ? 1 : 0;
      }
    }
  };

  const tick = () => {
    running = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'looking for e-mail to send failed'))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, pollMs);
        }
      });
  };

  return {
    deliverDue,
    start() {
      stopped = false;
      tick();
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      clearTimeout(timer);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (waited = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(waited);
      transport.close();
    },
  };
}

/** The server's sender: SMTP when SMTP_URL is set, else the mail folder in the data directory. */
export function mailSenderFromConfig(database: Database, config: Config, log: FastifyBaseLogger): MailSender {
  const host = new URL(config.PUBLIC_ORIGIN).hostname;
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : folderTransport(path.join(config.DATA_DIR, 'mail'), log);
  return createMailSender(database, {
    transport,
    log,
    from: config.MAIL_FROM ?? `Thera <no-reply@${host}>`,
    messageIdDomain: host,
    pollMs: config.JOB_POLL_SECONDS * 1000,
  });
}
