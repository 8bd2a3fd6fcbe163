import { isServerReachable } from './offline-redirect';

/**
 * Whether Thera's server can be reached: the app's one answer to "are we online?", which the query
 * cache (src/app/query-client.ts) and Today's refresh follow.
 *
 * navigator.onLine alone is not enough. After a reload without a network it starts false while
 * the query cache assumes true, so the 'online' event that follows changes nothing there and failed
 * screens stay failed; and it says true on a network that does not reach the server. So: a call
 * that fails on the network marks the server unreachable, any answer of the API's marks it reachable,
 * the browser's 'offline' is believed at once, its 'online' is checked against /healthz, and while
 * unreachable (and the browser thinks it has a network) /healthz is asked again, less and less often.
 */
export type ConnectivityListener = (isOnline: boolean) => void;

const FIRST_PROBE_MS = 2_000;
const LONGEST_PROBE_MS = 30_000;

export interface ConnectivityOptions {
  /** Whether the server answers now (never throws). */
  probe?: () => Promise<boolean>;
  /** What the browser believes (navigator.onLine). */
  browserOnline?: () => boolean;
}

export class Connectivity {
  private isOnline: boolean;
  private listeners = new Set<ConnectivityListener>();
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private probeDelay = FIRST_PROBE_MS;
  private isProbing = false;
  /** Probes start with the app (watchBrowser): a module used alone never asks the server by itself. */
  private isWatching = false;
  private readonly probe: () => Promise<boolean>;
  private readonly browserOnline: () => boolean;

  constructor(options: ConnectivityOptions = {}) {
    this.probe = options.probe ?? (() => isServerReachable());
    this.browserOnline = options.browserOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
    this.isOnline = this.browserOnline();
  }

  /** Listens to the browser's events (once, from the app's start). */
  watchBrowser(target: Pick<Window, 'addEventListener'> = window): void {
    this.isWatching = true;
    target.addEventListener('offline', () => this.markUnreachable());
    target.addEventListener('online', () => void this.checkNow());
    if (!this.isOnline) {
      this.scheduleProbe();
    }
  }

  get online(): boolean {
    return this.isOnline;
  }

  /** Calls `listener` on every change; returns the function that stops it. */
  subscribe(listener: ConnectivityListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The server answered (any status of its own): reachable. */
  markReachable(): void {
    this.clearProbe();
    this.probeDelay = FIRST_PROBE_MS;
    this.set(true);
  }

  /** A call failed on the network: unreachable until an answer or a probe says otherwise. */
  markUnreachable(): void {
    this.set(false);
    this.scheduleProbe();
  }

  /** Asks /healthz now (the browser says the network is back, or a person asked). */
  async checkNow(): Promise<boolean> {
    if (this.isProbing) {
      return this.isOnline;
    }
    this.isProbing = true;
    try {
      const isReachable = await this.probe();
      if (isReachable) {
        this.markReachable();
      } else {
        this.markUnreachable();
      }
      return isReachable;
    } finally {
      this.isProbing = false;
    }
  }

  private set(next: boolean) {
    if (next === this.isOnline) {
      return;
    }
    this.isOnline = next;
    this.listeners.forEach((listener) => listener(next));
  }

  /**
   * While the browser says it has no network, its 'online' event is the signal and asking costs a
   * failed request each time; otherwise the server is asked again after a growing pause.
   */
  private scheduleProbe() {
    if (this.probeTimer !== null || this.isOnline || !this.isWatching) {
      return;
    }
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      if (this.isOnline) {
        return;
      }
      this.probeDelay = Math.min(this.probeDelay * 2, LONGEST_PROBE_MS);
      if (this.browserOnline()) {
        void this.checkNow();
      } else {
        this.scheduleProbe();
      }
    }, this.probeDelay);
  }

  private clearProbe() {
    if (this.probeTimer !== null) {
      clearTimeout(this.probeTimer);
      this.probeTimer = null;
    }
  }
}

/** The app's connectivity (the browser's events are watched from the app's start, app.tsx). */
export const connectivity = new Connectivity();
