import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { runE2e } from './e2e';

/**
 * `npm test`: every check a change must pass, in order, with timings and one closing count line.
 * typecheck (app, server, worker) → lint → Vitest (contract, server on PGlite and on PostgreSQL 15,
 * client) → Playwright in Chromium.
 */
interface Step {
  name: string;
  run: () => number;
}

const node = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const steps: Step[] = [
  { name: 'typecheck app', run: () => node(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']) },
  { name: 'typecheck server', run: () => node(['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.json', '--noEmit']) },
  { name: 'typecheck worker', run: () => node(['node_modules/typescript/bin/tsc', '-p', 'sw/tsconfig.json', '--noEmit']) },
  { name: 'typecheck tests', run: () => node(['node_modules/typescript/bin/tsc', '-p', 'tests/tsconfig.json', '--noEmit']) },
  { name: 'typecheck e2e', run: () => node(['node_modules/typescript/bin/tsc', '-p', 'e2e/tsconfig.json', '--noEmit']) },
  { name: 'typecheck scripts', run: () => node(['node_modules/typescript/bin/tsc', '-p', 'scripts/tsconfig.json', '--noEmit']) },
  { name: 'lint', run: () => node(['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']) },
  { name: 'format', run: () => node(['node_modules/prettier/bin/prettier.cjs', '--check', '.']) },
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
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const status = step.run();
  results.push({ name: step.name, ok: status === 0, seconds: (Date.now() - t0) / 1000 });
  if (status !== 0) {
    break;
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
const skippedSteps = steps.length - results.length;
if (skippedSteps > 0) {
  console.log(`(${skippedSteps} later step(s) not run)`);
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
const c = counts();
const failed = results.some((r) => !r.ok) ? Math.max(c.failed, 1) : c.failed;
console.log(`tests: ${c.passed} passed, ${failed} failed, ${c.skipped} skipped`);
process.exit(results.every((r) => r.ok) && results.length === steps.length ? 0 : 1);
