import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The duplication budget, part of `npm run lint`: jscpd counts the pairs of places in the product code
 * (src/, server/, contract/, sw/; not tests, e2e, scripts or migrations) that share six or more lines,
 * the same or of the same shape with other names. What it scans and how is `.jscpd.json`, so
 * `npx jscpd` by hand lists the same pairs in full. jscpd's modes only say whether comments and blank
 * lines count (weak: they do not); `ignoreIdentifiers` is what makes a renamed copy count. Its version
 * is pinned in package.json: another version may count differently, and the budget is this one's count.
 *
 * The count may not grow past BUDGET. A change that writes something again should reuse what is there;
 * a change that removes pairs lowers BUDGET to the new count, so the room it made is not spent again.
 */
export const BUDGET = 302;

/** Pairs printed, longest first, so a failure shows where to look. */
const SHOWN = 10;

interface Place {
  name: string;
  start: number;
  end: number;
}

interface Clone {
  kind: string;
  lines: number;
  firstFile: Place;
  secondFile: Place;
}

interface Report {
  duplicates: Clone[];
}

function runJscpd(): Clone[] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-jscpd-'));
  try {
    // jscpd reads .jscpd.json from here; these options only say where its JSON report goes and ask for
    // absolute paths (without them each path is relative to its scanned folder, which drops `server/`).
    const args = ['node_modules/jscpd/run-jscpd.js', '--reporters', 'json', '--output', out, '--absolute', '--silent', '--no-tips'];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const reportFile = path.join(out, 'jscpd-report.json');
    if (run.status !== 0 || !fs.existsSync(reportFile)) {
      console.error(run.stdout, run.stderr);
      throw new Error(`jscpd did not finish (exit ${String(run.status)})`);
    }
    return (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report).duplicates;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const place = (p: Place) => `${path.relative(process.cwd(), p.name)}:${p.start}-${p.end}`;

const t0 = Date.now();
const clones = runJscpd();
const seconds = ((Date.now() - t0) / 1000).toFixed(1);
const count = clones.length;
const over = count > BUDGET;

console.log(`duplication: ${count} pairs of 6+ lines (same or renamed) in product code, budget ${BUDGET} (${seconds} s)`);
for (const c of [...clones].sort((a, b) => b.lines - a.lines).slice(0, SHOWN)) {
  console.log(`  ${c.lines} lines ${c.kind}: ${place(c.firstFile)} ~ ${place(c.secondFile)}`);
}
if (over) {
  console.error(
    `duplication: ${count - BUDGET} pairs over the budget of ${BUDGET}. Reuse what is there rather than writing it again; ` +
      '`npx jscpd` lists every pair.',
  );
  process.exit(1);
}
if (count < BUDGET) {
  console.log(`duplication: under budget; lower BUDGET in scripts/duplication.ts to ${count} so the room is not spent again.`);
}
