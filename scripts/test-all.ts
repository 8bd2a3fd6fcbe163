import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { prepareE2e, runE2eLane, startE2eLane } from './e2e';
import { CHAOS_REPORT, VITEST_REPORT, clearReports, counts, failures, reportedSeconds } from './test-reports';

/**
 * `npm test`: every check a change must pass, with timings against their budgets, each failed test by
 * name, and one closing count line.
 * First the app's build; then the static checks (typecheck of each part, lint, format) side by side,
 * one per core, each one's output printed whole when it ends, with Playwright's chaos run started
 * beside them (its own server and database; its output printed whole at the end); then Vitest
 * (contract, server on PGlite and on PostgreSQL 15, client) while the chaos run goes on; then
 * Playwright's other specs in Chromium, two workers with a server each. A failing stage stops the later
 * ones, and the chaos run with them.
 * The chaos run starts first because it is one long test that no number of workers shortens (~1,000
 * taps with the network cut and restored, in Chromium beside its own server). Started with the static
 * checks it takes up the moments one lane of checks waits for the other, and it is over before the
 * Playwright specs start, so that their two workers have both cores to themselves rather than a third
 * browser beside them.
 */
interface Check {
  name: string;
  args: string[];
}

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

// The typechecks run on TypeScript's native compiler (tsgo, the Go port that becomes TypeScript 7):
// the same diagnostics for this code at about a quarter of tsc's CPU, which the static checks are
// short of on two cores. Editors and typescript-eslint keep the JavaScript compiler of `typescript`.
const tsc = (project: string) => ['node_modules/@typescript/native-preview/bin/tsgo', '-p', project, '--noEmit'];
// Longest first (as measured in CI), so the two lanes end close together.
const checks: Check[] = [
  { name: 'format', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
  { name: 'typecheck tests, e2e', args: tsc('tests/tsconfig.json') },
  { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
  { name: 'lint types', args: ['node_modules/oxlint/bin/oxlint', '--type-aware', '--deny-warnings'] },
  { name: 'typecheck app', args: tsc('tsconfig.json') },
  { name: 'typecheck server', args: tsc('server/tsconfig.json') },
  { name: 'typecheck worker', args: tsc('sw/tsconfig.json') },
  { name: 'duplication', args: ['--import', 'tsx', 'scripts/duplication.ts'] },
  { name: 'citations', args: ['--import', 'tsx', 'scripts/citations.ts'] },
];

/** Runs one check with its output kept, and prints it in one piece when the check ends. */
function runBuffered(check: Check): Promise<Result> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, check.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const result = { name: check.name, ok: code === 0, seconds: (Date.now() - t0) / 1000 };
      console.log(`\n=== ${check.name} (${result.ok ? 'ok' : 'FAILED'}, ${result.seconds.toFixed(1)} s) ===`);
      process.stdout.write(Buffer.concat(output));
      resolve(result);
    });
  });
}

async function runChecks(): Promise<Result[]> {
  const queue = [...checks];
  const results: Result[] = [];
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      results.push(await runBuffered(check));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(2, os.availableParallelism())) }, lane));
  return checks.map((c) => results.find((r) => r.name === c.name)!);
}

const node = (args: string[]) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;

/**
 * What each stage may take, in seconds of wall clock on a quiet 2-core machine with everything beside it
 * that runs beside it here, and the whole run's budget of 20 minutes (the stages in a row: the chaos
 * run goes beside them). Printed with each time so that growth shows in every run, long before a stage
 * outgrows the run; a stage over its budget is named, but does not fail the run (a busy machine is
 * slower, and the tests decide).
 */
const BUDGET_SECONDS = 1_200;
const STAGE_BUDGETS: Record<string, number> = {
  build: 15,
  'static checks': 170,
  vitest: 540,
  playwright: 475,
  'playwright chaos': 620,
};

const CHAOS_LOG = 'reports/e2e-chaos.log';
clearReports();
const started = Date.now();
const results: Result[] = [];

/** A step run in the foreground, its result recorded; false when it failed. */
function step(name: string, run: () => number): boolean {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const status = run();
  results.push({ name, ok: status === 0, seconds: (Date.now() - t0) / 1000 });
  return status === 0;
}

const LATER_STEPS = 3;
const built = step('build', prepareE2e);
// The chaos run needs the build; the static checks run either way, as a broken build often has a type error to show.
const chaosStarted = Date.now();
const chaos = built ? startE2eLane('chaos', CHAOS_LOG) : undefined;
results.push(...(await runChecks()));
const checksSeconds = (Date.now() - chaosStarted) / 1000;
if (chaos) {
  const ok =
    results.every((r) => r.ok) &&
    step('vitest', () =>
      node(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]),
    ) &&
    step('playwright', () => runE2eLane('app'));
  if (!ok) {
    chaos.stop();
  }
  const status = await chaos.done;
  console.log(`\n=== playwright chaos run (beside the static checks, vitest and playwright) ===`);
  process.stdout.write(fs.readFileSync(CHAOS_LOG));
  results.push({
    name: 'playwright chaos',
    ok: status === 0,
    seconds: reportedSeconds(CHAOS_REPORT) ?? (Date.now() - chaosStarted) / 1000,
  });
}

/** `12.3 s`, with its stage's budget beside it when it has one: `12.3 s of 15 s`, and by how much it is over. */
function againstBudget(name: string, seconds: number): string {
  const budget = STAGE_BUDGETS[name];
  const time = `${seconds.toFixed(1).padStart(6)} s`;
  if (budget === undefined) {
    return time;
  }
  const over = seconds > budget ? `  OVER BUDGET by ${Math.ceil(seconds - budget)} s` : '';
  return `${time} of ${budget} s${over}`;
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(22)} ${againstBudget(r.name, r.seconds)}`);
  if (r.name === checks.at(-1)!.name) {
    console.log(`     ${'static checks'.padEnd(22)} ${againstBudget('static checks', checksSeconds)} (the checks above, two at a time)`);
  }
}
const skippedSteps = 1 + checks.length + LATER_STEPS - results.length;
if (skippedSteps > 0) {
  console.log(`(${skippedSteps} later step(s) not run)`);
}
const total = Math.round((Date.now() - started) / 1000);
const overall = total > BUDGET_SECONDS ? `: OVER BUDGET by ${(total - BUDGET_SECONDS).toLocaleString('en-US')} s` : '';
console.log(
  `npm test ${total.toLocaleString('en-US')} s of a ${BUDGET_SECONDS.toLocaleString('en-US')} s budget (${BUDGET_SECONDS / 60} minutes)${overall}`,
);
const failedTests = failures();
if (failedTests.length > 0) {
  console.log('failed:');
  for (const line of failedTests) {
    console.log(`  ${line}`);
  }
}
const c = counts();
const failed = results.some((r) => !r.ok) ? Math.max(c.failed, 1) : c.failed;
console.log(`tests: ${c.passed} passed, ${failed} failed, ${c.skipped} skipped`);
process.exit(results.every((r) => r.ok) && skippedSteps === 0 ? 0 : 1);
