import { v7 as uuidv7 } from 'uuid';
import type { TheraDb } from '../db/db';

/**
 * Device sequence numbers are reserved in blocks (one write per block, none per tap): a reload
 * starts after the stored reservation, so the sequence never goes back, whatever the clock says.
 */
export const SEQ_BLOCK = 1_000_000;

/**
 * The device's id and its write sequence. The server orders one device's writes by device_seq alone
 * (the clock may be wrong by hours), so it only ever grows: across reloads (the stored reservation)
 * and across tabs (each tells the others its highest through `announce`; one message per stamp).
 */
export class DeviceSequence {
  id = '';
  private seq = 0;
  /** The stored reservation (this tab's own or another tab's) that every sequence handed out lies below. */
  private reservedUntil = 0;
  private isReserving = false;
  private lastStampMs = 0;
  private isAnnounceQueued = false;

  constructor(
    private readonly db: TheraDb,
    private readonly announce: (seq: number, reservedUntil: number) => void,
  ) {}

  /**
   * Where the sequence goes on: after the stored reservation, which every sequence handed out so far
   * (by any tab, before any reload) lies below. Read and moved on in one transaction, so two tabs
   * starting together never get the same block.
   */
  async load() {
    const { id, from, until } = await this.reserve((stored) => stored);
    this.id = id;
    this.seq = Math.max(this.seq, from);
    this.reservedUntil = Math.max(this.reservedUntil, until);
  }

  /** Another tab of this device stamped: this tab's next stamp goes above it. */
  heard(seq: number, reservedUntil: number) {
    this.seq = Math.max(this.seq, seq);
    this.reservedUntil = Math.max(this.reservedUntil, reservedUntil);
  }

  private reserve(startAt: (stored: number) => number) {
    return this.db.transaction('rw', this.db.meta, async () => {
      const device = ((await this.db.meta.get('device'))?.value as { id: string; seq: number } | undefined) ?? { id: uuidv7(), seq: 0 };
      const from = startAt(device.seq);
      const until = Math.max(device.seq, from + SEQ_BLOCK);
      await this.db.meta.put({ key: 'device', value: { id: device.id, seq: until } });
      return { id: device.id, from, until };
    });
  }

  /** A new block before this one runs out: off the tap path, with half a block to spare. */
  private async extendReservation() {
    if (this.isReserving) {
      return;
    }
    this.isReserving = true;
    try {
      const { until } = await this.reserve((stored) => Math.max(stored, this.seq));
      this.reservedUntil = Math.max(this.reservedUntil, until);
    } finally {
      this.isReserving = false;
    }
  }

  /** A stamp for a write. */
  stamp(now = Date.now()) {
    this.seq += 1;
    // Monotonic even if the wall clock steps back, so a later tap never looks older than an earlier one.
    this.lastStampMs = Math.max(now, this.lastStampMs + 1);
    this.announceSoon();
    if (this.seq > this.reservedUntil - SEQ_BLOCK / 2) {
      void this.extendReservation().catch(() => undefined); // tried again by the next stamp
    }
    return { recorded_at: new Date(this.lastStampMs).toISOString(), device_id: this.id, device_seq: this.seq };
  }

  /**
   * The other tabs hear of this tab's highest sequence in a microtask: after the tap's transaction
   * was issued (enqueue issues it without yielding) and before this task ends, so no other tab
   * hears of it any later than before. At 4x CPU the postMessage took about 1 ms that the
   * transaction waited for when it was sent first.
   */
  private announceSoon() {
    if (this.isAnnounceQueued) {
      return;
    }
    this.isAnnounceQueued = true;
    queueMicrotask(() => {
      this.isAnnounceQueued = false;
      this.announce(this.seq, this.reservedUntil);
    });
  }
}
