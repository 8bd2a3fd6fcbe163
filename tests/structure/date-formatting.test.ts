import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every date and clock the app shows is made in src/shared/ui/time-zones.ts: on the organization's
 * clock, in the reader's hour cycle, with the seconds cut, named with the zone where the device reads
 * another. A formatter built anywhere else would follow the device's zone or round another way, and
 * one session would show two times on two screens, so no other file of the app builds one, and none
 * writes a date through the Date's own toLocale… methods (numbers through toLocaleString stay).
 */
const root = path.resolve(import.meta.dirname, '../..');
const HELPER = 'src/shared/ui/time-zones.ts';

function appFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return appFiles(relative);
    }
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const FORBIDDEN = [
  { pattern: /\bIntl\.DateTimeFormat\b/, what: 'builds an Intl.DateTimeFormat' },
  { pattern: /\.toLocale(Date|Time)String\(/, what: 'formats a date with toLocaleDateString/toLocaleTimeString' },
  // toLocaleString writes numbers too: a date's would read `date.toLocaleString(` or `Date(…).toLocaleString(`.
  { pattern: /(date|Date\([^)]*\)|_at|At)\)?\.toLocaleString\(/, what: 'formats a date with toLocaleString' },
];

describe("the app's dates and clocks", () => {
  it(`are formatted only in ${HELPER}`, () => {
    const offenders = ['src', 'sw'].flatMap((dir) =>
      appFiles(dir)
        .filter((file) => file !== HELPER)
        .flatMap((file) => {
          const text = fs.readFileSync(path.join(root, file), 'utf8');
          return FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${file} ${what}`);
        }),
    );
    expect(offenders).toEqual([]);
  });

  it('finds what it forbids (the patterns are not dead)', () => {
    expect(FORBIDDEN[0]!.pattern.test("new Intl.DateTimeFormat(undefined, { hour: 'numeric' })")).toBe(true);
    expect(FORBIDDEN[1]!.pattern.test('checked.toLocaleTimeString()')).toBe(true);
    expect(FORBIDDEN[2]!.pattern.test('new Date(row.created_at).toLocaleString()')).toBe(true);
    expect(FORBIDDEN[2]!.pattern.test('row.created_at.toLocaleString()')).toBe(true);
    expect(FORBIDDEN[2]!.pattern.test("Number(n).toLocaleString('en-US')")).toBe(false);
  });
});
