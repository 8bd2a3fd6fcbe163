import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { runE2e } from './e2e';

/**
 * `npm test`: every check a change must pass, with timings and one closing count line.
 * The static checks (typecheck of each part, lint, format) run side by side, one per core, each one's
 * output printed whole when it ends; then Vitest (contract, server on PGlite and on PostgreSQL 15,
 * client); then Playwright in Chromium. A failing stage stops the later ones.
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
const checks: Check[] = [
  { name: 'typecheck app', args: tsc('tsconfig.json') },
  { name: 'typecheck server', args: tsc('server/tsconfig.json') },
  { name: 'typecheck worker', args: tsc('sw/tsconfig.json') },
  { name: 'typecheck tests', args: tsc('tests/tsconfig.json') },
  { name: 'typecheck e2e', args: tsc('e2e/tsconfig.json') },
  { name: 'typecheck scripts', args: tsc('scripts/tsconfig.json') },
  { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
  { name: 'format', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
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

const laterSteps: { name: string; run: () => number }[] = [
  {
    name: 'vitest',
    run: () =>
      node(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']),
  },
  { name: 'playwright', run: () => runE2e() },
];

fs.mkdirSync('reports', { recursive: true });
fs.rmSync('reports/vitest.json', { force: true });
fs.rmSync('reports/e2e.json', { force: true });
const started = Date.now();
const results: Result[] = await runChecks();
if (results.every((r) => r.ok)) {
  for (const step of laterSteps) {
    const t0 = Date.now();
    console.log(`\n=== ${step.name} ===`);
    const status = step.run();
    results.push({ name: step.name, ok: status === 0, seconds: (Date.now() - t0) / 1000 });
    if (status !== 0) {
      break;
    }
  }
}

function counts(): { passed: number; failed: number; skipped: number } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  try {
    const v = JSON.parse(fs.readFileSync('reports/vitest.json', 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    total.passed += v.numPassedTests;
    total.failed += v.numFailedTests;
    total.skipped += v.numPendingTests;
  } catch {
    // vitest did not run
  }
  try {
    const p = JSON.parse(fs.readFileSync('reports/e2e.json', 'utf8')) as {
      stats: { expected: number; unexpected: number; skipped: number; flaky: number };
    };
    total.passed += p.stats.expected + p.stats.flaky;
    total.failed += p.stats.unexpected;
    total.skipped += p.stats.skipped;
  } catch {
    // playwright did not run
  }
  return total;
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(18)} ${r.seconds.toFixed(1)} s`);
}
const skippedSteps = checks.length + laterSteps.length - results.length;
if (skippedSteps > 0) {
  console.log(`(${skippedSteps} later step(s) not run)`);
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
const c = counts();
const failed = results.some((r) => !r.ok) ? Math.max(c.failed, 1) : c.failed;
console.log(`tests: ${c.passed} passed, ${failed} failed, ${c.skipped} skipped`);
process.exit(results.every((r) => r.ok) && skippedSteps === 0 ? 0 : 1);
