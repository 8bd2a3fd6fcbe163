import fs from 'node:fs';

/**
 * What `npm test`'s summary reads from the runners' JSON reports: the counts, and each failed test by
 * file and name with the first line of its error. The summary is the last thing printed, and often
 * the only part of a long run's output that a reader of CI sees.
 */
export const VITEST_REPORT = 'reports/vitest.json';
export const E2E_REPORT = 'reports/e2e.json';
export const CHAOS_REPORT = 'reports/e2e-chaos.json';
const REPORTS = [VITEST_REPORT, E2E_REPORT, CHAOS_REPORT];

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; duration?: number; failureMessages: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests: { projectName: string; status: string; results: { duration: number; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number; duration?: number };
  suites: PlaywrightSuite[];
}

function read<T>(report: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(report, 'utf8')) as T;
  } catch {
    // that runner did not run, or was stopped before it wrote its report
    return undefined;
  }
}

export function clearReports(): void {
  fs.mkdirSync('reports', { recursive: true });
  for (const report of REPORTS) {
    fs.rmSync(report, { force: true });
  }
}

/** A Playwright run's own time, from its report. */
export function reportedSeconds(report: string): number | undefined {
  const duration = read<PlaywrightReport>(report)?.stats?.duration;
  return typeof duration === 'number' ? duration / 1000 : undefined;
}

export function counts(): Counts {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const v = read<VitestReport>(VITEST_REPORT);
  if (v) {
    total.passed += v.numPassedTests;
    total.failed += v.numFailedTests;
    total.skipped += v.numPendingTests;
  }
  for (const report of [E2E_REPORT, CHAOS_REPORT]) {
    const p = read<PlaywrightReport>(report);
    if (p) {
      total.passed += p.stats.expected + p.stats.flaky;
      total.failed += p.stats.unexpected;
      total.skipped += p.stats.skipped;
    }
  }
  return total;
}

const firstLine = (message: string | undefined) =>
  (message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? '';

function playwrightFailures(suite: PlaywrightSuite, file: string, out: string[]): void {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests.filter((t) => t.status === 'unexpected')) {
      const last = test.results.at(-1);
      const seconds = ((last?.duration ?? 0) / 1000).toFixed(1);
      out.push(`[${test.projectName}] ${suite.file ?? file} › ${spec.title} (${seconds} s): ${firstLine(last?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) {
    playwrightFailures(child, suite.file ?? file, out);
  }
}

/** Every failed test in the reports, one line each: where, which, how long, and why. */
export function failures(): string[] {
  const out: string[] = [];
  for (const file of read<VitestReport>(VITEST_REPORT)?.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    for (const test of failed) {
      const seconds = ((test.duration ?? 0) / 1000).toFixed(1);
      out.push(`${where} › ${test.fullName} (${seconds} s): ${firstLine(test.failureMessages[0])}`);
    }
    // A file can fail outside its tests: in a hook, or on import.
    if (file.status === 'failed' && failed.length === 0) {
      out.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  for (const report of [E2E_REPORT, CHAOS_REPORT]) {
    for (const suite of read<PlaywrightReport>(report)?.suites ?? []) {
      playwrightFailures(suite, suite.title, out);
    }
  }
  return out;
}
