import { outbox } from '../../shared/outbox/outbox';
import type { LocalWrite } from '../../shared/outbox/commit';
import { announce } from './tab-sync';

/** The outbox lane of a collector session: its operations leave strictly in order. */
export const lane = (sessionId: string) => `session:${sessionId}`;

/** The outbox transaction, then the other tabs are told which rows changed. */
export async function enqueue(sessionId: string, writes: LocalWrite[], op: Parameters<typeof outbox.enqueue>[1]) {
  await outbox.enqueue(writes, op);
  announce(sessionId, writes);
}

/** A local-only write (nothing to send), then the other tabs are told. */
export async function writeLocal(sessionId: string, writes: LocalWrite[]) {
  await outbox.writeLocal(writes);
  announce(sessionId, writes);
}
