import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One e-mail as the sender hands it to a transport: the outbox row with its headers filled in. */
export interface MailMessage {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface MailTransport {
  /** Delivers one message; a throw fails this try (the sender retries it later). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const fields = (message: MailMessage) => ({
  messageId: message.messageId,
  from: message.from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  ...(message.html === null ? {} : { html: message.html }),
});

/** Through an SMTP server; a server that does not answer fails the try within a minute. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  return {
    async send(message) {
      await transporter.sendMail(fields(message));
    },
    close: () => transporter.close(),
  };
}

/** The first web address in the text, without the punctuation of the sentence it ends. */
const firstLink = (text: string) => /https?:\/\/[^\s<>"')]+/.exec(text)?.[0].replace(/[.,;:!?]+$/, '') ?? null;

/**
 * Without an SMTP server (the demo on one machine): each message becomes `<id>.eml` in `directory`
 * (a retry overwrites the same file) and the log names the recipient, the subject and the first
 * link, so whoever runs the demo can follow an invitation from the terminal.
 */
export function folderTransport(directory: string, log: FastifyBaseLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: raw } = await composer.sendMail(fields(message));
      await fs.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${message.id}.eml`);
      // Written aside and renamed, so a reader of the folder never sees half a message.
      await fs.writeFile(`${file}.tmp`, raw);
      await fs.rename(`${file}.tmp`, file);
      const link = firstLink(message.text);
      log.info(
        { to: message.to, subject: message.subject, link, file },
        `mail to ${message.to}: "${message.subject}"${link ? ` ${link}` : ''}`,
      );
    },
    close: () => undefined,
  };
}
