import { v7 as uuidv7 } from 'uuid';
import { DeviceSequence } from './device-sequence';
import { readStatus, type OutboxStatus } from './outbox-status';
import { StatusFeed } from './status-feed';
import { AfterBurst, drainHere, registerBackgroundSync } from './triggers';
import { getDb, type TheraDb } from '../db/db';
import { commitWithOp, type LocalWrite } from './commit';
import { dueNow, resume, retryAllAttention, type DrainResult } from './drain-state';
import type { OpKind, OutboxOp } from './types';
import { DeliveryFeed, type Delivered } from './delivered';
import type { ChannelMessage } from './channel-message';
import { drainInWorker } from './worker-drain';

export { DRAIN_LOCK, SYNC_TAG } from './triggers';
export const CHANNEL = 'thera-outbox';
export { SEQ_BLOCK } from './device-sequence';
export type { OutboxStatus } from './outbox-status';

const FOREGROUND_TIMER_MS = 15_000;
/** Told the user whose operations the server refused as made under another person's sign-in. */
type AuthorMismatchListener = (userId: string) => void;

/**
 * The page side of the outbox: enqueue on the tap path, and one drainer across tabs and the service
 * worker through navigator.locks. Triggers: every enqueue, `online`, app start, return to the
 * foreground, a foreground timer, and a retry timer after backoff (the worker adds Background Sync).
 */
class Outbox {
  private userId: string | null = null;
  private sending = false;
  private rerun = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly afterBurst = new AfterBurst(() => this.kick());
  private readonly feed = new StatusFeed(
    () => (this.userId ? this.status() : null),
    () => this.sending,
  );
  private channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  private started = false;
  private idb: IDBDatabase | null = null;
  private mismatchListeners = new Set<AuthorMismatchListener>();
  private readonly deliveries = new DeliveryFeed();
  private readonly sequence: DeviceSequence;

  constructor(private readonly db: TheraDb = getDb()) {
    this.channel?.addEventListener('message', (event: MessageEvent<ChannelMessage>) => this.onChannelMessage(event.data));
    this.sequence = new DeviceSequence(db, (seq, reservedUntil) =>
      this.channel?.postMessage({ type: 'seq', seq, reservedUntil } satisfies ChannelMessage),
    );
  }

  /** This device's id (after start() loaded it). */
  get deviceId(): string {
    return this.sequence.id;
  }

  /** Stops listening to other tabs (tests make several outboxes in one context). */
  close() {
    this.channel?.close();
    this.channel = null;
  }

  /** Starts triggers once; safe to call again when the user changes. */
  async start(userId: string | null) {
    this.userId = userId;
    this.feed.forget();
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
      this.sequence.heard(data.seq, data.reservedUntil);
    } else if (data.type === 'author-mismatch' && data.userId === this.userId) {
      this.mismatchListeners.forEach((l) => l(data.userId));
    } else if (data.type === 'delivered') {
      this.deliveries.tell(data.delivered);
    }
  }

  /** The device's id and where its sequence goes on (device-sequence.ts). */
  async loadDevice() {
    await this.sequence.load();
  }

  /** A stamp for a write: its device_seq only ever grows, across reloads and tabs (device-sequence.ts). */
  stamp(now = Date.now()) {
    return this.sequence.stamp(now);
  }

  /**
   * The server refused operations as made under another person's sign-in (P1): the app should ask
   * the server who is signed in now. Returns the unsubscribe function.
   */
  onAuthorMismatch(listener: AuthorMismatchListener): () => void {
    this.mismatchListeners.add(listener);
    return () => this.mismatchListeners.delete(listener);
  }

  /** What the server confirmed, whoever drained (this page, another tab, the worker). Returns the unsubscribe function. */
  onDelivered(listener: (delivered: Delivered[]) => void): () => void {
    return this.deliveries.subscribe(listener);
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
    this.kickSoon();
    this.feed.enqueued(now);
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

  /** The enqueue trigger: one drain once a burst of taps pauses (triggers.ts). */
  kickSoon() {
    this.afterBurst.tap();
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
      result = isDrainedHere ? await drainHere(this.db, userId) : (fromWorker ?? null);
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
    // The worker tells every page what it delivered itself; a drain here tells this page and the others.
    if (isDrainedHere && result?.delivered?.length) {
      this.deliveries.tell(result.delivered);
      this.channel?.postMessage({ type: 'delivered', delivered: result.delivered } satisfies ChannelMessage);
    }
    this.scheduleEmit();
    this.scheduleRetry(result?.waitingUntil ?? null);
    if (this.rerun) {
      this.rerun = false;
      this.kick();
    }
    if (result?.waitingUntil) {
      registerBackgroundSync(); // sends failed: the worker tries again when the browser is back online
    }
  }

  private scheduleRetry(at: number | null) {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
    }
    this.retryTimer = at ? setTimeout(() => this.kick(), Math.max(0, at - Date.now())) : null;
  }

  /** After sign-in or unlock: paused operations go again. */
  async resume() {
    await resume(this.db);
    this.kick();
  }

  status(): Promise<OutboxStatus> {
    return readStatus(this.db, this.userId, this.sending);
  }

  /** The status pushed to `listener` whenever the outbox changes (status-feed.ts). Returns the unsubscribe function. */
  subscribe(listener: (status: OutboxStatus) => void) {
    return this.feed.subscribe(listener);
  }

  /** A refresh of the views, coalesced; `read` false: only this tab's own state changed. */
  scheduleEmit(read = true) {
    this.feed.schedule(read);
  }

  /** Tells every view that the outbox changed. */
  emit() {
    return this.feed.emit();
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
