import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { startServer, signInTherapist } from './bench/harness';
import { benchDrainInBrowser } from './bench/drain';
import { BATCH, benchServerLoad } from './bench/server-load';
import { bareUpsertPglite, bareUpsertPostgres } from './bench/bare-upsert';
import { printProfiles, profileBatches } from './bench/batch-profile';
import { benchMasteryBatch } from './bench/mastery-batch';
import { benchAdminLists, type ListTiming } from './bench/admin-lists';
import { benchCalendar } from './bench/calendar';
import { benchStudentRecord } from './bench/student-record';
import { startPostgres } from './bench/postgres';
import { benchDistrict } from './bench/district';
import { benchPlanTerm } from './bench/plan-term';
import { browserBench } from '../e2e/bench/browser-bench';
import { benchAdminListRender } from '../e2e/bench/admin-list-render';
import { benchCalendarRender } from '../e2e/bench/calendar-render';
import { benchGoalGraphRender } from '../e2e/bench/goal-graph-render';
import { ensureChromium } from './ensure-chromium';
import { memoryProbeMs } from './bench/memory-probe';

/**
 * `npm run bench`: the collector's speed goals (tap to screen, outbox drain, start-up) as one table, also written to
 * bench-results/bench.json. A benchmark, not a test: it reports, it doesn't fail on a miss.
 * BENCH_QUICK=1 runs smaller counts for a smoke check; BENCH_ONLY=browser,drain,load runs only those parts;
 * BENCH_TAPS sets the taps per row; BENCH_PORT the browser part's app port (8282);
 * BENCH_TRACE=<file.json> traces the busy-CPU taps and prints what ran on the main thread meanwhile.
 * The `lists` part seeds the scale organization (2,000 students, 200 therapists; a few minutes) and
 * times the admin lists on PGlite and PostgreSQL; the `calendar` part (with it, or alone) plans a busy week
 * (5,000 sessions) on the same organization and times the calendar's read. The `district` part seeds 20 organizations of 50
 * therapists (a few minutes: each signs up) and sends a morning's batches through two servers.
 * The `plan` part plans a term of 900 sessions with their conflict checks (scripts/bench/plan-term.ts).
 * The `record` part seeds the scale organization with one student of 20 goals and a year of sessions
 * (server/seed/scale-record.ts) and times the student's page on PGlite and PostgreSQL.
 * The `mastery` part times what the mastery evaluation adds to a batch of 100 points (scripts/bench/mastery-batch.ts).
 * The `graph` part records 500 sessions for one goal and draws its graph (e2e/bench/goal-graph-render.ts).
 */
const quick = process.env.BENCH_QUICK === '1';
const only = process.env.BENCH_ONLY?.split(',');
const part = (
  name: 'browser' | 'drain' | 'load' | 'lists' | 'calendar' | 'record' | 'profile' | 'mastery' | 'district' | 'plan' | 'graph',
) => !only || only.includes(name);
const LIST_REQUESTS = quick ? 10 : 40;
const N_DRAIN = quick ? 1000 : 10_000;
const TAPS = Number(process.env.BENCH_TAPS ?? (quick ? 100 : 500));
const LOAD_SECONDS = quick ? 3 : 10;

type Row = { metric: string; value: string; goal: string; met: boolean | null };
const rows: Row[] = [];
const add = (metric: string, value: string, goal: string, met: boolean | null) => rows.push({ metric, value, goal, met });
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  ensureChromium();
  // Always built for the parts that open the app: a build left from older code measures that code
  // (and fails where the server's answers have changed shape since).
  if (part('browser') || part('lists') || part('calendar') || part('graph')) {
    console.log('Building the app…');
    // Traced runs build without minifying, so the profile names the app's functions.
    const minify = process.env.BENCH_TRACE ? ['--minify', 'false'] : [];
    spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...minify], { stdio: 'inherit' });
  }
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg(), memoryProbeMs: [memoryProbeMs()] };
  const result: Record<string, unknown> = { machine, quick };

  if (part('browser')) {
    await benchBrowser(result);
  }
  if (part('graph')) {
    await benchGraph(result);
  }
  if (part('drain') || part('load')) {
    const server = await startServer();
    try {
      const therapist = await signInTherapist(server.base);
      if (part('drain')) {
        console.log(`Drain: ${N_DRAIN} points through the outbox and through workbox-background-sync, in Chromium…`);
        const { ours, workbox } = await benchDrainInBrowser(server.base, therapist, N_DRAIN);
        if (!workbox) {
          throw new Error('the workbox baseline did not run');
        }
        result.drain = { ours, workbox };
        add(
          `drain ${N_DRAIN} points (outbox, ${ours.requests} requests)`,
          ms(ours.ms),
          quick ? '—' : '≤ 1000 ms',
          quick ? null : ours.ms <= 1000 && ours.arrived === N_DRAIN,
        );
        add(`same through workbox Queue (${N_DRAIN} requests)`, ms(workbox.ms), '—', null);
        add('outbox speed-up over workbox Queue', `${(workbox.ms / ours.ms).toFixed(1)}x`, '≥ 20x', workbox.ms / ours.ms >= 20);
        add(
          'points arrived (outbox / workbox)',
          `${ours.arrived} / ${workbox.arrived}`,
          `${N_DRAIN} / ${N_DRAIN}`,
          ours.arrived === N_DRAIN && workbox.arrived === N_DRAIN,
        );
      }
      if (part('load')) {
        console.log('Server load on PGlite…');
        result.loadPglite = await benchServerLoad(server.base, therapist, LOAD_SECONDS);
      }
    } finally {
      await server.stop();
    }
  }
  if (part('load')) {
    console.log('Bare upsert on PGlite…');
    const load = result.loadPglite as Awaited<ReturnType<typeof benchServerLoad>>;
    addLoad('PGlite', load, await bareUpsertPglite(BATCH, LOAD_SECONDS));
  }
  if (part('load')) {
    await benchPostgresLoad(result);
  }
  if (part('lists') || part('calendar')) {
    await benchLists(result, { lists: part('lists'), calendar: part('calendar') });
  }
  if (part('record')) {
    await benchRecord(result);
  }
  if (part('profile')) {
    await benchProfile(result);
  }
  if (part('mastery')) {
    await benchMastery(result);
  }
  if (part('district')) {
    await benchDistrictMorning(result);
  }
  if (part('plan')) {
    await benchPlan(result);
  }

  machine.memoryProbeMs.push(memoryProbeMs());
  result.table = rows;
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/bench.json', JSON.stringify(result, null, 2));
  printTable(machine.memoryProbeMs);
}

async function benchBrowser(result: Record<string, unknown>) {
  console.log(`Browser: ${TAPS} taps at 4x CPU throttling, floor, frame, offline cold start, size…`);
  const browser = await browserBench(TAPS);
  result.browser = browser;
  const t = browser.tapToDurable4x;
  const f = browser.floor4x;
  const b = browser.tapToDurable4xBackToBack;
  add('tap → durable + count, 4x CPU, 4 taps/s, p95', ms(t.p95), '≤ 16 ms', t.p95 <= 16);
  add('tap → durable + count, 4x CPU, 4 taps/s, p99', ms(t.p99), '≤ 33 ms', t.p99 <= 33);
  add('tap → durable, 4x CPU, 4 taps/s, median', ms(t.median), '—', null);
  add('tap → durable, 4x CPU, back to back (5 ms apart), p95 (median)', `${ms(b.p95)} (${ms(b.median)})`, '—', null);
  // The floor the goal is held against is at the taps' own pace (browser-bench.ts floorLoop).
  const fb = browser.floor4xBackToBack;
  add('floor: bare IndexedDB tx, 4x CPU, 4 tx/s, p95 (median)', `${ms(f.p95)} (${ms(f.median)})`, '—', null);
  add('floor: bare IndexedDB tx, 4x CPU, back to back, p95 (median)', `${ms(fb.p95)} (${ms(fb.median)})`, '—', null);
  add('tap p95 / floor p95 (both 4 a second)', `${(t.p95 / f.p95).toFixed(2)}x`, '≤ 2x', t.p95 / f.p95 <= 2);
  // The same taps while another process keeps one core busy (a second browser, a video call):
  // the goals hold against the floor measured under that same load.
  const busy = browser.busyCpu;
  const bt = busy.tapToDurable4x;
  const bf = busy.floor4x;
  const share = busy.loadCoreShare === null ? '' : `, load got ${(busy.loadCoreShare * 100).toFixed(0)}% of a core`;
  add('busy CPU: tap → durable + count, 4x CPU, 4 taps/s, p95', ms(bt.p95), '—', null);
  add('busy CPU: tap → durable + count, 4x CPU, 4 taps/s, p99', ms(bt.p99), '≤ 33 ms', bt.p99 <= 33);
  add('busy CPU: tap → durable, 4x CPU, 4 taps/s, median', ms(bt.median), '—', null);
  add(`busy CPU: floor, bare IndexedDB tx, 4x CPU, 4 tx/s, p95 (median)${share}`, `${ms(bf.p95)} (${ms(bf.median)})`, '—', null);
  add('busy CPU: tap p95 / floor p95 (both 4 a second)', `${(bt.p95 / bf.p95).toFixed(2)}x`, '≤ 2x', bt.p95 / bf.p95 <= 2);
  // The 4x throttle spins the page's main thread (cpu-load.ts rendererCoreShare): with the load, how
  // much of the machine was left for IndexedDB's thread in the browser process.
  const idle = busy.throttledIdleCoreShare;
  add(
    `4x throttle by itself: an idle page's renderer, share of a core (machine: ${os.cpus().length} cores)`,
    idle === null ? 'n/a' : `${(idle * 100).toFixed(0)}%`,
    '—',
    null,
  );
  if (busy.trace) {
    printTrace(busy.trace);
  }
  add(
    'tap → next frame, 1x CPU, p95 (median)',
    `${ms(browser.tapToFrame.p95)} (${ms(browser.tapToFrame.median)})`,
    '≤ 16 ms',
    browser.tapToFrame.p95 <= 16,
  );
  add(
    'offline cold start → collector ready, median (max)',
    `${ms(browser.offlineColdStartMs.median)} (${ms(browser.offlineColdStartMs.p99)})`,
    '≤ 1000 ms',
    browser.offlineColdStartMs.median <= 1000,
  );
  add(
    'gzipped JS before the collector is usable',
    `${browser.jsGzipBeforeCollectorKB.toFixed(1)} KB`,
    '≤ 250 KB',
    browser.jsGzipBeforeCollectorKB <= 250,
  );
}

function printTrace(trace: NonNullable<Awaited<ReturnType<typeof browserBench>>['busyCpu']['trace']>) {
  const list = (entries: [string, number][]) => entries.map(([k, v]) => `    ${v.toFixed(2).padStart(7)} ms  ${k}`).join('\n');
  console.log(`\nTraced busy-CPU taps: ${trace.taps}; slow = p95 and above (≥ ${trace.slowThresholdMs} ms)`);
  console.log(`  slow taps (${trace.slow.n}, mean ${trace.slow.meanMs} ms), main-thread time per tap by what ran:`);
  console.log(list(Object.entries(trace.slow.msPerTapByBucket)));
  console.log('  top functions in slow taps (ms per tap):');
  console.log(list(trace.slow.topFunctions));
  console.log(`  main-thread tasks ≥ 16 ms overlapping slow taps:`);
  console.log(trace.slow.longTasks.map((t) => `    ${t.ms.toFixed(1).padStart(7)} ms  ${t.what}`).join('\n') || '    none');
  console.log(`  typical taps (${trace.typical.n}, mean ${trace.typical.meanMs} ms), per tap:`);
  console.log(list(Object.entries(trace.typical.msPerTapByBucket)));
  console.log('  the slowest taps, main-thread tasks in each (ms from the click, length, what ran):');
  for (const tap of trace.slowest) {
    console.log(`    tap ${tap.ms} ms`);
    console.log(tap.tasks.map((t) => `      @${t.atMs.toFixed(1).padStart(6)} ${t.ms.toFixed(1).padStart(6)} ms  ${t.what}`).join('\n'));
  }
  console.log(`  main-thread tasks ≥ 50 ms during the traced taps: ${trace.longTasksAll.length}`);
  console.log(trace.longTasksAll.map((t) => `    ${t.ms.toFixed(1).padStart(7)} ms  ${t.what}`).join('\n'));
}

async function benchPostgresLoad(result: Record<string, unknown>) {
  console.log('Server load on PostgreSQL 15…');
  const postgres = await startPostgres();
  if (postgres) {
    try {
      const pgServer = await startServer(postgres.url);
      let load;
      try {
        const therapist = await signInTherapist(pgServer.base);
        load = await benchServerLoad(pgServer.base, therapist, LOAD_SECONDS);
        result.loadPostgres = load;
      } finally {
        await pgServer.stop();
      }
      console.log('Bare upsert on PostgreSQL 15…');
      addLoad('PostgreSQL', load, await bareUpsertPostgres(postgres.url, BATCH, LOAD_SECONDS));
    } finally {
      postgres.stop();
    }
  } else {
    add('server load on PostgreSQL', 'skipped: PostgreSQL 15 binaries not found', '—', null);
  }
}

/** A district's morning through two API servers on one PostgreSQL (goal: no errors; latency reported). */
async function benchDistrictMorning(result: Record<string, unknown>) {
  const [orgs, perOrg] = quick ? [4, 10] : [20, 50];
  console.log(`District morning: ${orgs} organizations × ${perOrg} therapists (seeding first), two servers on PostgreSQL 15…`);
  const postgres = await startPostgres();
  if (!postgres) {
    add('district morning on two servers', 'skipped: PostgreSQL 15 binaries not found', '—', null);
    return;
  }
  try {
    const d = await benchDistrict(postgres.url, orgs, perOrg);
    result.district = d;
    const label = `PostgreSQL, 2 servers: ${orgs} orgs × ${perOrg} therapists, one batch of 100 each within 10 s`;
    add(`${label}, p95 (p99, median)`, `${ms(d.p95Ms)} (${ms(d.p99Ms)}, ${ms(d.p50Ms)})`, '—', null);
    add(`${label}: failed (answered by each server)`, `${d.failed} (${d.servedBy.join(' / ')})`, '0', d.failed === 0);
  } finally {
    postgres.stop();
  }
}

/** A term planned at the desk (900 sessions), preview and write, on PGlite and PostgreSQL (goal: ≤ 2 s each). */
async function benchPlan(result: Record<string, unknown>) {
  const addPlan = (db: string, timing: Awaited<ReturnType<typeof benchPlanTerm>>) => {
    result[`plan${db}`] = timing;
    add(
      `${db}: plan a term, ${timing.sessions} sessions, preview with conflicts`,
      ms(timing.previewMs),
      '≤ 2000 ms',
      timing.previewMs <= 2000,
    );
    add(`${db}: plan a term, ${timing.sessions} sessions, written`, ms(timing.writeMs), '≤ 2000 ms', timing.writeMs <= 2000);
  };
  console.log('Planning a term (900 sessions) on PGlite…');
  addPlan('PGlite', await benchPlanTerm());
  const postgres = await startPostgres();
  if (!postgres) {
    add('plan a term on PostgreSQL', 'skipped: PostgreSQL 15 binaries not found', '—', null);
    return;
  }
  try {
    console.log('Planning a term (900 sessions) on PostgreSQL…');
    addPlan('PostgreSQL', await benchPlanTerm(postgres.url));
  } finally {
    postgres.stop();
  }
}

/**
 * The admin lists and the calendar's read on the scale organization, on PGlite and on PostgreSQL
 * (goal: p95 ≤ 50 ms, a page that feels instant at the desk).
 */
async function benchLists(result: Record<string, unknown>, parts: { lists: boolean; calendar: boolean }) {
  const scaleEnv = { BENCH_SCALE_WEEKS: '2', ...(parts.calendar ? { BENCH_SCALE_CALENDAR: '1' } : {}) };
  const run = async (db: string, databaseUrl?: string) => {
    console.log(`Admin lists on the scale organization, ${db} (seeding 2,000 students, 200 therapists first)…`);
    // The built app is served on PGlite's run: the list's render in Chromium is timed there.
    const inBrowser = !databaseUrl && (parts.lists || parts.calendar);
    const server = await startServer(databaseUrl, { ...scaleEnv, ...(inBrowser ? { BENCH_STATIC_DIR: 'dist' } : {}) });
    try {
      if (parts.lists) {
        const timings = await benchAdminLists(server.base, LIST_REQUESTS);
        result[`lists${db}`] = timings;
        addLists(db, timings);
      }
      if (parts.calendar) {
        // The calendar's read of a busy week (5,000 sessions), on the same seeded organization.
        const calendar = await benchCalendar(server.base, LIST_REQUESTS);
        result[`calendar${db}`] = calendar;
        addLists(db, calendar, 'sessions');
      }
      if (inBrowser && parts.calendar) {
        console.log('The busy week drawn by the calendar in Chromium at 1x CPU…');
        const render = await benchCalendarRender(server.base);
        result.calendarRender = render;
        add(
          `calendar week view of ${render.sessions} sessions: tap on Next Week to the week drawn, median (max)`,
          `${ms(render.medianMs)} (${ms(render.maxMs)})`,
          '≤ 1,000 ms',
          render.maxMs <= 1000,
        );
      }
      if (inBrowser && parts.lists) {
        console.log('Admin lists rendered in Chromium at 1x CPU, a fresh context each time…');
        const renders = await benchAdminListRender(server.base);
        result.listRender = renders;
        for (const r of renders) {
          add(
            `${r.list}: from the menu to rows on screen, median (max)`,
            `${ms(r.menuMedianMs)} (${ms(r.menuMaxMs)})`,
            '≤ 1,000 ms',
            r.menuMaxMs <= 1000,
          );
          add(`${r.list}: cold, address to rows on screen, median`, ms(r.coldMedianMs), '—', null);
        }
      }
    } finally {
      await server.stop();
    }
  };
  await onBothDatabases(run, 'admin lists on PostgreSQL');
}

/** A part run on PGlite, then on a PostgreSQL 15 the bench starts (a row says so when its binaries are missing). */
async function onBothDatabases(run: (db: string, databaseUrl?: string) => Promise<void>, skipped: string) {
  await run('PGlite');
  const postgres = await startPostgres();
  if (postgres) {
    try {
      await run('PostgreSQL', postgres.url);
    } finally {
      postgres.stop();
    }
  } else {
    add(skipped, 'skipped: PostgreSQL 15 binaries not found', '—', null);
  }
}

/** The student's page on the scale organization, on PGlite and on PostgreSQL (goal: p95 ≤ 100 ms). */
async function benchRecord(result: Record<string, unknown>) {
  const run = async (db: string, databaseUrl?: string) => {
    console.log(`The student's page on the scale organization, ${db} (seeding it, and a year of one student's sessions, first)…`);
    // BENCH_RECORD_SCALE shrinks the rest of the organization (not the student's own year) on a busy machine.
    const factor: Record<string, string> = process.env.BENCH_RECORD_SCALE ? { BENCH_SCALE_FACTOR: process.env.BENCH_RECORD_SCALE } : {};
    const server = await startServer(databaseUrl, { BENCH_SCALE_WEEKS: '2', BENCH_SCALE_RECORD: '1', ...factor });
    try {
      const t = await benchStudentRecord(server.base, LIST_REQUESTS);
      result[`record${db}`] = t;
      const size = process.env.BENCH_RECORD_SCALE ? `, organization at ${process.env.BENCH_RECORD_SCALE} scale` : '';
      add(`${db}: ${t.list} (${t.count} goals${size}), p95 (median)`, `${ms(t.p95Ms)} (${ms(t.medianMs)})`, '≤ 100 ms', t.p95Ms <= 100);
    } finally {
      await server.stop();
    }
  };
  await onBothDatabases(run, "student's page on PostgreSQL");
}

/**
 * A goal's graph with 500 sessions of data (the demo's therapist and student, planned and recorded
 * through the real calls): drawn in Chromium at 1x CPU, and its call's time on the same server.
 */
async function benchGraph(result: Record<string, unknown>) {
  console.log("A goal's graph with 500 sessions: seeding them through the API, then drawing it in Chromium…");
  const server = await startServer(undefined, { BENCH_STATIC_DIR: 'dist' });
  try {
    const graph = await benchGoalGraphRender(server.base, 500);
    result.goalGraph = graph;
    add(
      `goal graph with ${graph.sessions} sessions draws (ms, 1x CPU, Chromium): answer to painted, median (max)`,
      `${ms(graph.drawMedianMs)} (${ms(graph.drawMaxMs)})`,
      '≤ 200 ms',
      graph.drawMaxMs <= 200,
    );
    add(
      `PGlite: goal graph call, ${graph.sessions} sessions, p95 (median)`,
      `${ms(graph.callP95Ms)} (${ms(graph.callMedianMs)})`,
      '—',
      null,
    );
  } finally {
    await server.stop();
  }
}

function addLists(db: string, timings: ListTiming[], unit = 'rows') {
  for (const t of timings) {
    add(`${db}: ${t.list} (${t.count} ${unit}), p95 (median)`, `${ms(t.p95Ms)} (${ms(t.medianMs)})`, '≤ 50 ms', t.p95Ms <= 50);
  }
}

/**
 * The write path's goals: each throughput row beside the bare upsert of the same points measured in
 * the same run (the batch call at least half its speed), the floors the collector's first build
 * reached on this kind of machine, and the batch's latency at a clinic morning's offered rate.
 */
const FIRST_BUILD = {
  PGlite: { single: 187, batch: 8910 },
  PostgreSQL: { single: 583, batch: 20_000 },
};

function addLoad(db: 'PGlite' | 'PostgreSQL', load: Awaited<ReturnType<typeof benchServerLoad>>, barePointsPerSecond: number) {
  const floor = FIRST_BUILD[db];
  const ratio = load.batchPointsPerSecond / barePointsPerSecond;
  add(`${db}: bare multi-row upsert of ${load.pointsPerBatch} points a transaction`, `${barePointsPerSecond.toFixed(0)}/s`, '—', null);
  add(
    `${db}: points/s via batch of ${load.pointsPerBatch} (p99)`,
    `${load.batchPointsPerSecond.toFixed(0)}/s (${load.batchP99Ms} ms)`,
    `≥ ${floor.batch}/s`,
    load.batchPointsPerSecond >= floor.batch,
  );
  add(`${db}: batch of ${load.pointsPerBatch} / bare upsert`, `${(ratio * 100).toFixed(0)}%`, '≥ 50%', ratio >= 0.5);
  add(
    `${db}: single-point upserts/s (p99)`,
    `${load.singleUpsertsPerSecond.toFixed(0)}/s (${load.singleP99Ms} ms)`,
    `≥ ${floor.single}/s`,
    load.singleUpsertsPerSecond >= floor.single,
  );
  add(
    `${db}: clinic morning, ${load.morningBatches} batches of ${load.pointsPerBatch} within ${load.morningSeconds} s, p99 (median)`,
    `${load.morningP99Ms} ms (${load.morningP50Ms} ms)`,
    '≤ 50 ms',
    load.morningP99Ms <= 50,
  );
  const failed = load.singleNon2xx + load.batchNon2xx + load.morningNon2xx;
  add(`${db}: non-2xx or errors`, `${failed}`, '0', failed === 0);
}

/** Where a batch's time goes, statement by statement, on both databases (printed, and kept in bench.json). */
/** The mastery evaluation's share of a batch (scripts/bench/mastery-batch.ts), on PGlite and PostgreSQL 15 when there is one. */
async function benchMastery(result: Record<string, unknown>) {
  const runs = quick ? 10 : 40;
  console.log('Mastery evaluation in the batch call on PGlite…');
  const measured = [await benchMasteryBatch(undefined, runs)];
  const postgres = await startPostgres();
  if (postgres) {
    try {
      console.log('Mastery evaluation in the batch call on PostgreSQL 15…');
      measured.push(await benchMasteryBatch(postgres.url, runs));
    } finally {
      postgres.stop();
    }
  }
  result.mastery = measured;
  for (const m of measured) {
    const db = m.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
    add(`mastery evaluation added to a batch of 100 points (${db}, ms, median)`, ms(m.addedMs), '≤ 2 ms', m.addedMs <= 2);
    add(`batch of 100 points without / with a criterion (${db}, median)`, `${ms(m.withoutMs)} / ${ms(m.withMs)}`, '—', null);
  }
}

async function benchProfile(result: Record<string, unknown>) {
  console.log('Profile of the batch call on PGlite…');
  const profiles = await profileBatches(undefined, [1, 100, 500], quick ? 5 : 15);
  const postgres = await startPostgres();
  if (postgres) {
    try {
      console.log('Profile of the batch call on PostgreSQL 15…');
      profiles.push(...(await profileBatches(postgres.url, [1, 100, 500], quick ? 5 : 15)));
    } finally {
      postgres.stop();
    }
  }
  result.profile = profiles;
  printProfiles(profiles);
}

function printTable(memoryProbe: number[]) {
  const w1 = Math.max(...rows.map((r) => r.metric.length));
  const w2 = Math.max(...rows.map((r) => r.value.length));
  console.log(`\n${'metric'.padEnd(w1)}  ${'value'.padEnd(w2)}  goal        met`);
  for (const r of rows) {
    console.log(`${r.metric.padEnd(w1)}  ${r.value.padEnd(w2)}  ${r.goal.padEnd(10)}  ${r.met === null ? '' : r.met ? 'yes' : 'NO'}`);
  }
  console.log(
    `\nload average during the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (shared machine: figures vary)`,
  );
  console.log(`memory probe (scripts/bench/memory-probe.ts), lower is faster: ${memoryProbe.map(ms).join(' at the start, ')} at the end`);
  console.log('written to bench-results/bench.json');
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
