/**
 * How far the server's clock is from this device's. A tablet's clock can be hours wrong, and the
 * collector's "today" must be the organization's real day: after any answer of the API the offset
 * is known (the server sends its time on every answer), and it is kept on the device so an offline
 * start the next morning still knows it. Until the first answer ever, the device's clock is all
 * there is. Device times written into records (a tap's recorded_at) stay the device's own: the
 * server judges those against its receipt time.
 */
export const SERVER_TIME_HEADER = 'X-Server-Time';
const KEY = 'thera.serverClockOffset';
/** Changes under this are network noise, not a clock to correct: not written again. */
const NOISE_MS = 2_000;

let offset: number | null = null;

function stored(): number {
  if (offset === null) {
    let value = NaN;
    try {
      value = Number(globalThis.localStorage?.getItem(KEY));
    } catch {
      // Storage refused (private mode): the offset is learnt again after the next answer.
    }
    offset = Number.isFinite(value) ? value : 0;
  }
  return offset;
}

/** From an answer's server time (ms, as the header carries it), taken halfway between sending and receiving. */
export function noteServerTime(header: string | null, sentAt: number, receivedAt: number): void {
  const server = header === null ? NaN : Number(header);
  if (!Number.isFinite(server) || server <= 0) {
    return;
  }
  const next = Math.round(server - (sentAt + receivedAt) / 2);
  if (Math.abs(next - stored()) < NOISE_MS) {
    return;
  }
  offset = next;
  try {
    globalThis.localStorage?.setItem(KEY, String(next));
  } catch {
    // Kept in memory for this page.
  }
}

/** A device time read on the server's clock. */
export const onServerClock = (deviceMs: number): number => deviceMs + stored();

/** Now, on the server's clock. */
export const serverNow = (): number => onServerClock(Date.now());

/** Tests: forget the offset, in memory and on the device. */
export function resetServerClock(): void {
  offset = null;
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
