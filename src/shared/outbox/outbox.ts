import { v7 as uuidv7 } from 'uuid';
import { getDb, type TheraDb } from '../db/db';
import { commitWithOp, type LocalWrite } from './commit';
import { loadCall } from '../api/calls';
import { dueNow, LAST_SYNC_KEY, OUTAGE_KEY, PAUSE_KEY, resume, retryAllAttention, type DrainResult } from './drain-state';
import type { LoadCall, Outage } from './transport';
import type { OpKind, OutboxOp } from './types';
import { drainInWorker } from './worker-drain';

export const DRAIN_LOCK = 'outbox-drain';
export const SYNC_TAG = 'outbox';
export const CHANNEL = 'thera-outbox';
/**
 * Device sequence numbers are reserved in blocks (one write per block, none per tap): a reload
 * starts after the stored reservation, so the sequence never goes back, whatever the clock says.
 */
export const SEQ_BLOCK = 1_000_000;
/** Messages on CHANNEL besides the plain 'changed' (kept a string for the worker and older pages). */
type ChannelMessage =
  | 'changed'
  /** A tab's highest device sequence and the reservation it lies in: other tabs stamp above it. */
  | { type: 'seq'; seq: number; reservedUntil: number }
  /** The worker's drain met AUTHOR_MISMATCH for this user's operations. */
  | { type: 'author-mismatch'; userId: string };

const loadCallLazily: LoadCall = (route) => loadCall(route) as unknown as ReturnType<LoadCall>;
const FOREGROUND_TIMER_MS = 15_000;
/**
 * An enqueue starts a drain once taps pause for this long, not at once: a burst of taps then leaves
 * as one batch and the drain's IndexedDB transactions don't queue in front of the next tap's. A
 * steady stream of taps still drains at least every ENQUEUE_DRAIN_MAX_WAIT_MS.
 */
const ENQUEUE_DRAIN_DELAY_MS = 400;
const ENQUEUE_DRAIN_MAX_WAIT_MS = 2_000;
/** The indicator is refreshed at most this often (trailing), never on the tap path itself. */
const EMIT_INTERVAL_MS = 250;

export interface OutboxStatus {
  pending: number;
  inflight: number;
  attention: OutboxOp[];
  oldestAt: number | null;
  lastSyncAt: number | null;
  paused: 'signin' | 'unlock' | null;
  sending: boolean;
  /** Why nothing gets through right now (a sign-in portal, or no sign of Thera); null when fine. */
  outage?: Outage | null;
}

type Listener = (status: OutboxStatus) => void;
/** Told the user whose operations the server refused as made under another person's sign-in. */
type AuthorMismatchListener = (userId: string) => void;

/**
 * The page side of the outbox: enqueue on the tap path, and one drainer across tabs and the service
 * worker through navigator.locks. Triggers: every enqueue, `online`, app start, return to the
 * foreground, a foreground timer, and a retry timer after backoff (the worker adds Background Sync).
 */
class Outbox {
  private userId: string | null = null;
  private listeners = new Set<Listener>();
  private sending = false;
  private rerun = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private soonTimer: ReturnType<typeof setTimeout> | null = null;
  private soonSince: number | null = null;
  /** The last status read from IndexedDB, moved on by this tab's own enqueues without a read. */
  private latest: OutboxStatus | null = null;
  private needsRead = false;
  /** Bumped by every enqueue of this tab: a read that overlapped one is read again. */
  private enqueues = 0;
  private emitTimer: ReturnType<typeof setTimeout> | null = null;
  private lastEmitAt = 0;
  private channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  private started = false;
  private idb: IDBDatabase | null = null;
  private deviceSeq = 0;
  /** The stored reservation (this tab's own or another tab's) that every sequence handed out lies below. */
  private reservedUntil = 0;
  private isReserving = false;
  private lastStampMs = 0;
  private isSeqAnnounceQueued = false;
  private mismatchListeners = new Set<AuthorMismatchListener>();
  deviceId = '';

  constructor(private readonly db: TheraDb = getDb()) {
    this.channel?.addEventListener('message', (event: MessageEvent<ChannelMessage>) => this.onChannelMessage(event.data));
  }

  /** Stops listening to other tabs (tests make several outboxes in one context). */
  close() {
    this.channel?.close();
    this.channel = null;
  }

  /** Starts triggers once; safe to call again when the user changes. */
  async start(userId: string | null) {
    this.userId = userId;
    this.latest = null;
    await this.db.meta.put({ key: 'currentUserId', value: userId });
    if (!this.started) {
      this.started = true;
      await this.loadDevice();
      window.addEventListener('online', () => void this.retryNow());
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && this.kick());
      setInterval(() => document.visibilityState === 'visible' && this.kick(), FOREGROUND_TIMER_MS);
      void navigator.storage?.persist?.();
    }
    this.kick();
    await this.emit();
  }

  private onChannelMessage(data: ChannelMessage) {
    if (data === 'changed') {
      this.scheduleEmit();
    } else if (typeof data !== 'object' || data === null) {
      return;
    } else if (data.type === 'seq') {
      // Another tab of this device stamped: this tab's next stamp goes above it.
      this.deviceSeq = Math.max(this.deviceSeq, data.seq);
      this.reservedUntil = Math.max(this.reservedUntil, data.reservedUntil);
    } else if (data.type === 'author-mismatch' && data.userId === this.userId) {
      this.mismatchListeners.forEach((l) => l(data.userId));
    }
  }

  /**
   * The device's id and where its sequence goes on: after the stored reservation, which every
   * sequence handed out so far (by any tab, before any reload) lies below. Read and moved on in one
   * transaction, so two tabs starting together never get the same block.
   */
  async loadDevice() {
    const { id, from, until } = await this.reserve((stored) => stored);
    this.deviceId = id;
    this.deviceSeq = Math.max(this.deviceSeq, from);
    this.reservedUntil = Math.max(this.reservedUntil, until);
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
      const { until } = await this.reserve((stored) => Math.max(stored, this.deviceSeq));
      this.reservedUntil = Math.max(this.reservedUntil, until);
    } finally {
      this.isReserving = false;
    }
  }

  /**
   * A stamp for a write. The server orders one device's writes by device_seq alone (the clock may be
   * wrong by hours), so it only ever grows: across reloads (the stored reservation) and across tabs
   * (each tells the others its highest; one postMessage per stamp, nothing else on the tap path).
   */
  stamp(now = Date.now()) {
    this.deviceSeq += 1;
    // Monotonic even if the wall clock steps back, so a later tap never looks older than an earlier one.
    this.lastStampMs = Math.max(now, this.lastStampMs + 1);
    this.announceSeqSoon();
    if (this.deviceSeq > this.reservedUntil - SEQ_BLOCK / 2) {
      void this.extendReservation().catch(() => undefined); // tried again by the next stamp
    }
    return { recorded_at: new Date(this.lastStampMs).toISOString(), device_id: this.deviceId, device_seq: this.deviceSeq };
  }

  /**
   * The other tabs hear of this tab's highest sequence in a microtask: after the tap's transaction
   * was issued (enqueue issues it without yielding) and before this task ends, so no other tab
   * hears of it any later than before. At 4x CPU the postMessage took about 1 ms that the
   * transaction waited for when it was sent first.
   */
  private announceSeqSoon() {
    if (this.isSeqAnnounceQueued || !this.channel) {
      return;
    }
    this.isSeqAnnounceQueued = true;
    queueMicrotask(() => {
      this.isSeqAnnounceQueued = false;
      this.channel?.postMessage({ type: 'seq', seq: this.deviceSeq, reservedUntil: this.reservedUntil } satisfies ChannelMessage);
    });
  }

  /**
   * The server refused operations as made under another person's sign-in (P1): the app should ask
   * the server who is signed in now. Returns the unsubscribe function.
   */
  onAuthorMismatch(listener: AuthorMismatchListener): () => void {
    this.mismatchListeners.add(listener);
    return () => this.mismatchListeners.delete(listener);
  }

  /** The held connection the tap path writes on (opened once). */
  async connection(): Promise<IDBDatabase> {
    if (!this.idb) {
      await this.db.open();
      this.idb = this.db.backendDB();
    }
    return this.idb;
  }

  /** One transaction: local rows + the operation. Resolves once durable. */
  async enqueue(
    writes: LocalWrite[],
    op: {
      kind: OpKind;
      organizationId: string;
      lane: string;
      params: Record<string, string>;
      body: Record<string, unknown>;
      coalesceKey?: string | null;
    },
  ) {
    if (!this.userId) {
      throw new Error('Sign in before recording.');
    }
    const now = Date.now();
    const row: OutboxOp = {
      id: uuidv7(),
      userId: this.userId,
      organizationId: op.organizationId,
      lane: op.lane,
      kind: op.kind,
      params: op.params,
      body: op.body,
      coalesceKey: op.coalesceKey ?? null,
      state: 'pending',
      batchId: null,
      leaseUntil: 0,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: now,
      lastError: null,
    };
    // The held connection is used without awaiting anything: the transaction is issued in the tap's own task.
    await commitWithOp(this.idb ?? (await this.connection()), writes, row);
    this.enqueues += 1;
    this.kickSoon();
    if (this.latest) {
      // The tap path reads nothing: the indicator counts this operation from the last status it read.
      this.latest = { ...this.latest, pending: this.latest.pending + 1, oldestAt: this.latest.oldestAt ?? now };
      this.scheduleEmit(false);
    } else {
      this.scheduleEmit();
    }
    return row;
  }

  /** Local-only writes (e.g. a timer start) in the same short transaction style. */
  async writeLocal(writes: LocalWrite[]) {
    await commitWithOp(this.idb ?? (await this.connection()), writes, null);
  }

  /** The connection is back: pending operations are due now (see dueNow). */
  private async retryNow() {
    const userId = this.userId;
    if (userId) {
      await dueNow(this.db, userId).catch(() => undefined); // the kick below still tries; the backoff then decides
    }
    this.kick();
  }

  /** "Retry all" in needs-attention: every refused operation of the user goes again. */
  async retryAll() {
    if (this.userId) {
      await retryAllAttention(this.db, this.userId);
    }
    this.kick();
    await this.emit();
  }

  /**
   * The enqueue trigger: one drain for a burst of taps, once the taps pause. Under a steady stream of
   * taps it starts right after a tap once the burst is older than the max wait: the drain's work then
   * falls in the gap before the next tap instead of at a random moment.
   */
  kickSoon() {
    const now = Date.now();
    if (this.soonSince === null) {
      // Once a burst: if this page closes before its drain, the worker's Background Sync sends it.
      this.registerBackgroundSync();
      this.soonSince = now;
    }
    if (this.soonTimer) {
      clearTimeout(this.soonTimer);
    }
    const isDue = now - this.soonSince >= ENQUEUE_DRAIN_MAX_WAIT_MS;
    // A 0 ms timer runs after this tap's own render.
    this.soonTimer = setTimeout(
      () => {
        this.soonTimer = null;
        this.soonSince = null;
        this.kick();
      },
      isDue ? 0 : ENQUEUE_DRAIN_DELAY_MS,
    );
  }

  kick() {
    if (!this.userId) {
      return;
    }
    if (this.sending) {
      this.rerun = true;
      return;
    }
    void this.runDrain();
  }

  private async runDrain() {
    const userId = this.userId;
    if (!userId) {
      return;
    }
    this.sending = true;
    this.scheduleEmit(false); // only "sending" changed
    let result: DrainResult | null = null;
    let isDrainedHere = false;
    try {
      const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
      const fromWorker = worker ? await drainInWorker(worker, userId) : undefined;
      isDrainedHere = fromWorker === undefined;
      result = isDrainedHere ? await this.drainHere(userId) : (fromWorker ?? null);
    } finally {
      this.sending = false;
    }
    // The worker tells every tab itself; a drain here tells the other tabs.
    if (result?.sent && isDrainedHere) {
      this.channel?.postMessage('changed');
    }
    if (result?.authorMismatch) {
      this.mismatchListeners.forEach((l) => l(userId));
    }
    this.scheduleEmit();
    this.scheduleRetry(result?.waitingUntil ?? null);
    if (this.rerun) {
      this.rerun = false;
      this.kick();
    }
    if (result?.waitingUntil) {
      this.registerBackgroundSync(); // sends failed: the worker tries again when the browser is back online
    }
  }

  /**
   * The drain on this page's thread: before a service worker controls the page (its first load),
   * in a browser without one, or when the worker did not take the request on.
   */
  private async drainHere(userId: string): Promise<DrainResult | null> {
    // Loaded on first use: a page whose worker drains for it never needs the drain's code.
    const { drain, fetchSender } = await import('./drain');
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = (exclusive: boolean) =>
      drain({ db: this.db, send: fetchSender(), loadCall: loadCallLazily, now: Date.now, newId: uuidv7, userId, exclusive });
    return locks ? locks.request(DRAIN_LOCK, { ifAvailable: true }, (lock) => (lock ? run(true) : null)) : run(false);
  }

  private scheduleRetry(at: number | null) {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
    }
    this.retryTimer = at ? setTimeout(() => this.kick(), Math.max(0, at - Date.now())) : null;
  }

  private registerBackgroundSync() {
    void navigator.serviceWorker?.ready
      .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
      .catch(() => undefined);
  }

  /** After sign-in or unlock: paused operations go again. */
  async resume() {
    await resume(this.db);
    this.kick();
  }

  async status(): Promise<OutboxStatus> {
    const userId = this.userId;
    if (!userId) {
      return {
        pending: 0,
        inflight: 0,
        attention: [],
        oldestAt: null,
        lastSyncAt: null,
        paused: null,
        sending: this.sending,
        outage: null,
      };
    }
    const byState = (state: OutboxOp['state']) => this.db.outbox.where('[userId+state]').equals([userId, state]);
    // One read-only transaction for all of it.
    return this.db.transaction('r', this.db.outbox, this.db.meta, async () => {
      const [pending, inflight, attention] = await Promise.all([
        byState('pending').count(),
        byState('inflight').count(),
        byState('attention').toArray(),
      ]);
      // The 'userId' index is ordered by (userId, seq): its first non-attention entry is the oldest.
      const oldest = await this.db.outbox
        .where('userId')
        .equals(userId)
        .filter((o) => o.state !== 'attention')
        .first();
      const [lastSync, paused, outage] = await this.db.meta.bulkGet([LAST_SYNC_KEY, PAUSE_KEY, OUTAGE_KEY]);
      return {
        pending: pending + inflight,
        inflight,
        attention,
        oldestAt: oldest?.createdAt ?? null,
        lastSyncAt: (lastSync?.value as number | undefined) ?? null,
        paused: (paused?.value as OutboxStatus['paused'] | undefined) ?? null,
        sending: this.sending,
        outage: (outage?.value as Outage | undefined) ?? null,
      };
    });
  }

  /**
   * Before the outbox has its user (e.g. a screen mounting in the moment after sign-in, before
   * start()) there is no status to tell: an empty one would read "All sent" while items wait. The
   * view stays on "Checking…" until start() emits.
   */
  subscribe(listener: Listener) {
    this.listeners.add(listener);
    if (this.userId) {
      void this.status().then((status) => {
        this.latest = status;
        listener(status);
      });
    }
    return () => this.listeners.delete(listener);
  }

  /**
   * Coalesces refreshes of the indicator: at most one per EMIT_INTERVAL_MS, always a trailing one.
   * `read` false: this tab's own enqueue, already counted in `latest`; true: read IndexedDB again
   * (the drain, another tab or the worker changed the outbox).
   */
  scheduleEmit(read = true) {
    this.needsRead ||= read;
    if (this.emitTimer) {
      return;
    }
    const wait = Math.max(0, this.lastEmitAt + EMIT_INTERVAL_MS - Date.now());
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.lastEmitAt = Date.now();
      if (this.needsRead || !this.latest) {
        void this.emit();
      } else {
        const status = { ...this.latest, sending: this.sending };
        this.listeners.forEach((l) => l(status));
      }
    }, wait);
  }

  /** Tells every view (and other tabs) that the outbox changed. */
  async emit() {
    if (this.listeners.size === 0 || !this.userId) {
      this.latest = null; // nobody keeps it up to date meanwhile
      return;
    }
    this.needsRead = false;
    const enqueuesBefore = this.enqueues;
    const status = await this.status();
    this.latest = status;
    this.listeners.forEach((l) => l(status));
    if (this.enqueues !== enqueuesBefore) {
      this.scheduleEmit(); // a tap landed during the read: it may or may not be counted
    }
  }

  notifyOthers() {
    this.channel?.postMessage('changed');
  }

  /** Every unsent operation of the user, for a file the therapist can keep. */
  async exportUnsent() {
    const ops = this.userId ? await this.db.outbox.where('userId').equals(this.userId).toArray() : [];
    return { exported_at: new Date().toISOString(), device_id: this.deviceId, operations: ops };
  }

  async hasUnsent(): Promise<boolean> {
    return this.userId ? (await this.db.outbox.where('userId').equals(this.userId).count()) > 0 : false;
  }
}

export const outbox = new Outbox();
export { Outbox };
