import type { Tx } from '../../db/handles';
import { mailOutbox } from '../../db/schema/mail';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The plain-text body; links in it are written out in full (the folder transport logs the first). */
  text: string;
  html?: string;
}

/**
 * Queues one e-mail in the caller's transaction: it is sent only if the transaction commits, and
 * the change that caused it is never committed without it. Works inside a tenant transaction (the
 * runtime role may insert into the outbox, not read it). The sender delivers it shortly after.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<void> {
  await tx.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
}
