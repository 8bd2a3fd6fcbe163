/**
 * Tests only: moves Node's clock to another moment, still running, so an e2e run can be made at
 * 23:45 in New York whatever the hour it starts. Load it in every Node process of the run (the
 * Playwright runner, its workers and the servers it starts) through the environment:
 *
 *   NODE_OPTIONS="--import ./e2e/support/shifted-clock.mjs" E2E_CLOCK_AT=2026-11-29T04:45:00Z \
 *     E2E_PORT=8600 E2E_LANE=app npx tsx scripts/e2e.ts e2e/collector/clinic-day.spec.ts
 *
 * The first process turns the moment into a shift and hands the shift down, so the servers and the
 * spec, started seconds apart, read the same clock. The browser's clock is the test's own (page.clock).
 */
const at = process.env.E2E_CLOCK_AT;
const RealDate = globalThis.Date;
if (at !== undefined && process.env.E2E_CLOCK_SHIFT_MS === undefined) {
  const target = RealDate.parse(at);
  if (Number.isNaN(target)) {
    throw new Error(`E2E_CLOCK_AT is not an instant: ${at}`);
  }
  process.env.E2E_CLOCK_SHIFT_MS = String(target - RealDate.now());
}
const shift = Number(process.env.E2E_CLOCK_SHIFT_MS ?? 0);
if (shift !== 0) {
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) {
        super(RealDate.now() + shift);
      } else {
        super(...args);
      }
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}
