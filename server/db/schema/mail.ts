import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * E-mails waiting to be sent, written in the transaction of the change that causes them (an
 * invitation and its e-mail commit or roll back together) and delivered afterwards by the sender
 * (server/lib/mail/sender.ts). It belongs to no organization: the runtime role may only insert
 * into it (server/db/rls.ts), so a tenant call can queue an e-mail but never read anyone's.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    /** Also the e-mail's Message-ID, so a message sent twice is recognisably the same one. */
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * When a sender may take the row next: a claim moves it forward by the lease (a sender that dies
     * mid-send lets the row come back), a failed try by the backoff.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    /** Set when the mail server refused the message for good (a 5xx answer): it is not tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);
