import type { Tx } from '../../db/handles';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

// replaced by the mail outbox at merge
export async function enqueueMail(_tx: Tx, _mail: Mail): Promise<void> {}
