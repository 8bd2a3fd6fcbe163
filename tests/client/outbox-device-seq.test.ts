import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { TheraDb } from '../../src/shared/db/db';
import { Outbox, SEQ_BLOCK } from '../../src/shared/outbox/outbox';

/**
 * The server orders one device's writes by device_seq alone (clocks are wrong by hours), so the
 * sequence must only grow: across reloads and across tabs of the device. Each Outbox here is a tab:
 * its own connection to one IndexedDB, and the BroadcastChannel the tabs share.
 */
let n = 0;
const delivered = () => new Promise((r) => setTimeout(r, 20)); // BroadcastChannel messages are async

async function tab(name: string) {
  const outbox = new Outbox(new TheraDb(name));
  await outbox.loadDevice();
  return outbox;
}

describe('device sequence', () => {
  it('grows across two tabs tapping in turn, and two tabs starting together get different blocks', async () => {
    const name = `seq-${n++}`;
    const [a, b] = await Promise.all([tab(name), tab(name)]);
    expect(a.deviceId).toBe(b.deviceId);
    const seqs: number[] = [];
    for (const t of [a, b, a, a, b, a, b, b, a]) {
      seqs.push(t.stamp(Date.parse('2026-01-01T10:00:00Z')).device_seq);
      await delivered();
    }
    // Strictly increasing in the order the taps happened, whichever tab made them.
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);
    a.close();
    b.close();
  });

  it('goes on above every earlier stamp after a reload, even one another tab made', async () => {
    const name = `seq-${n++}`;
    const [a, b] = await Promise.all([tab(name), tab(name)]);
    a.stamp();
    await delivered();
    const highest = b.stamp().device_seq;
    await delivered();
    a.close();
    b.close();
    const reloaded = await tab(name);
    // The wall clock went back 3 hours meanwhile: the sequence does not care.
    expect(reloaded.stamp(Date.now() - 3 * 3600_000).device_seq).toBeGreaterThan(highest);
    reloaded.close();
  });

  it('reserves the next block before this one runs out, off the tap path', async () => {
    const name = `seq-${n++}`;
    const a = await tab(name);
    a.close(); // no messages: this is about the stored reservation
    let last = 0;
    for (let i = 0; i <= SEQ_BLOCK / 2; i++) {
      last = a.stamp().device_seq;
    }
    await delivered();
    const stored = (await new TheraDb(name).meta.get('device'))?.value as { seq: number };
    expect(stored.seq).toBeGreaterThanOrEqual(last + SEQ_BLOCK / 2);
    const reloaded = await tab(name);
    expect(reloaded.stamp().device_seq).toBeGreaterThan(last);
    reloaded.close();
  });
});
