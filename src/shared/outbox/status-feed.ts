import type { OutboxStatus } from './outbox-status';

/** The indicator is refreshed at most this often (trailing), never on the tap path itself. */
const EMIT_INTERVAL_MS = 250;

type Listener = (status: OutboxStatus) => void;

/**
 * The outbox's status pushed to the views that listen: read from IndexedDB when the drain, another
 * tab or the worker changed the outbox, and moved on without a read by this tab's own enqueues.
 */
export class StatusFeed {
  private listeners = new Set<Listener>();
  /** The last status read from IndexedDB, moved on by this tab's own enqueues without a read. */
  private latest: OutboxStatus | null = null;
  private needsRead = false;
  /** Bumped by every enqueue of this tab: a read that overlapped one is read again. */
  private enqueues = 0;
  private emitTimer: ReturnType<typeof setTimeout> | null = null;
  private lastEmitAt = 0;

  constructor(
    /** The status as IndexedDB holds it; null while the outbox has no user. */
    private readonly read: () => Promise<OutboxStatus> | null,
    private readonly isSending: () => boolean,
  ) {}

  /** The user changed: the last status read is someone else's. */
  forget() {
    this.latest = null;
  }

  /**
   * Before the outbox has its user (e.g. a screen mounting in the moment after sign-in, before
   * start()) there is no status to tell: an empty one would read "All sent" while items wait. The
   * view stays on "Checking…" until start() emits.
   */
  subscribe(listener: Listener) {
    this.listeners.add(listener);
    void this.read()?.then((status) => {
      this.latest = status;
      listener(status);
    });
    return () => this.listeners.delete(listener);
  }

  /** This tab's own enqueue: the tap path reads nothing, the indicator counts it from the last status read. */
  enqueued(now: number) {
    this.enqueues += 1;
    if (this.latest) {
      this.latest = { ...this.latest, pending: this.latest.pending + 1, oldestAt: this.latest.oldestAt ?? now };
      this.schedule(false);
    } else {
      this.schedule();
    }
  }

  /**
   * Coalesces refreshes of the indicator: at most one per EMIT_INTERVAL_MS, always a trailing one.
   * `read` false: this tab's own enqueue, already counted in `latest`; true: read IndexedDB again
   * (the drain, another tab or the worker changed the outbox).
   */
  schedule(read = true) {
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
        const status = { ...this.latest, sending: this.isSending() };
        this.listeners.forEach((l) => l(status));
      }
    }, wait);
  }

  /** Tells every view that the outbox changed. */
  async emit() {
    const reading = this.listeners.size === 0 ? null : this.read();
    if (!reading) {
      this.latest = null; // nobody keeps it up to date meanwhile
      return;
    }
    this.needsRead = false;
    const enqueuesBefore = this.enqueues;
    const status = await reading;
    this.latest = status;
    this.listeners.forEach((l) => l(status));
    if (this.enqueues !== enqueuesBefore) {
      this.schedule(); // a tap landed during the read: it may or may not be counted
    }
  }
}
