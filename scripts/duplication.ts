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
export const BUDGET = 111;

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

const file = (p: Place) => path.relative(process.cwd(), p.name);
const place = (p: Place) => `${file(p)}:${p.start}-${p.end}`;
const pairs = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'}`;
const show = (c: Clone) => console.log(`  ${c.lines} lines ${c.kind}: ${place(c.firstFile)} ~ ${place(c.secondFile)}`);

/** Files the working tree changes against HEAD (new ones included): where a new pair most likely is. */
function changedFiles(): Set<string> {
  const git = (args: string[]) => spawnSync('git', args, { encoding: 'utf8' }).stdout ?? '';
  const listed = git(['diff', '--name-only', 'HEAD']) + git(['ls-files', '--others', '--exclude-standard']);
  return new Set(listed.split('\n').filter(Boolean));
}

const t0 = Date.now();
const clones = runJscpd();
const seconds = ((Date.now() - t0) / 1000).toFixed(1);
const count = clones.length;
const over = count > BUDGET;

console.log(`duplication: ${pairs(count)} of 6+ lines (same or renamed) in product code, budget ${BUDGET} (${seconds} s)`);
const longest = [...clones].sort((a, b) => b.lines - a.lines);
longest.slice(0, SHOWN).forEach(show);
if (over) {
  const changed = changedFiles();
  const touched = longest.filter((c) => changed.has(file(c.firstFile)) || changed.has(file(c.secondFile)));
  if (touched.length > 0) {
    console.log(`In files this working tree changes (${pairs(touched.length)}):`);
    touched.slice(0, SHOWN).forEach(show);
  }
  console.error(
    `duplication: ${pairs(count - BUDGET)} over the budget of ${BUDGET}. Reuse what is there rather than writing it again; ` +
      '`npx jscpd` lists every pair.',
  );
  process.exit(1);
}
if (count < BUDGET) {
  console.log(`duplication: under budget; lower BUDGET in scripts/duplication.ts to ${count} so the room is not spent again.`);
}
