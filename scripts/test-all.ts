import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { prepareE2e, runE2eLane, startE2eLane } from './e2e';
import { CHAOS_REPORT, VITEST_REPORT, clearReports, counts, failures, reportedSeconds } from './test-reports';

/**
 * `npm test`: every check a change must pass, with timings, each failed test by name, and one closing
 * count line.
 * The static checks (typecheck of each part, lint, format) run side by side, one per core, each one's
 * output printed whole when it ends; then the app's build, and Vitest (contract, server on PGlite and
 * on PostgreSQL 15, client) with Playwright's chaos run beside it (its own server and database; its
 * output printed whole at the end); then Playwright's other specs in Chromium. A failing stage stops
 * the later ones.
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

const tsc = (project: string) => ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'];
// Longest first (as measured in CI), so the two lanes end close together.
const checks: Check[] = [
  { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
  { name: 'typecheck tests', args: tsc('tests/tsconfig.json') },
  { name: 'typecheck e2e, scripts', args: tsc('e2e/tsconfig.json') },
  { name: 'typecheck app', args: tsc('tsconfig.json') },
  { name: 'format', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
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

const CHAOS_LOG = 'reports/e2e-chaos.log';
clearReports();
const started = Date.now();
const results: Result[] = await runChecks();

/** A step run in the foreground, its result recorded; false when it failed. */
function step(name: string, run: () => number): boolean {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const status = run();
  results.push({ name, ok: status === 0, seconds: (Date.now() - t0) / 1000 });
  return status === 0;
}

const LATER_STEPS = 4;
if (results.every((r) => r.ok) && step('build', prepareE2e)) {
  const chaosStarted = Date.now();
  const chaos = startE2eLane('chaos', CHAOS_LOG);
  const ok =
    step('vitest', () =>
      node(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]),
    ) && step('playwright', () => runE2eLane('app'));
  if (!ok) {
    chaos.stop();
  }
  const status = await chaos.done;
  console.log(`\n=== playwright chaos run (beside vitest and playwright) ===`);
  process.stdout.write(fs.readFileSync(CHAOS_LOG));
  results.push({
    name: 'playwright chaos',
    ok: status === 0,
    seconds: reportedSeconds(CHAOS_REPORT) ?? (Date.now() - chaosStarted) / 1000,
  });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(18)} ${r.seconds.toFixed(1)} s`);
}
const skippedSteps = checks.length + LATER_STEPS - results.length;
if (skippedSteps > 0) {
  console.log(`(${skippedSteps} later step(s) not run)`);
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
