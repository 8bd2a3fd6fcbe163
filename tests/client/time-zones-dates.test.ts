import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate } from '../../src/shared/ui/time-zones';

describe('dates as people read them', () => {
  it("writes a moment's day on the clock it is asked for", () => {
    const lateEvening = '2026-11-25T03:30:00Z';
    expect(formatDate(lateEvening, 'UTC')).toMatch(/25/);
    expect(formatDate(lateEvening, 'America/Los_Angeles')).toMatch(/24/);
    expect(formatDate(lateEvening, 'UTC')).toMatch(/2026/);
  });

  it("uses the reader's clock without a time zone", () => {
    const noon = '2026-06-15T12:00:00Z';
    expect(formatDate(noon)).toBe(new Date(noon).toLocaleDateString(undefined, { dateStyle: 'medium' }));
  });

  it('keeps a calendar day the day it was written, whatever the time zone', () => {
    expect(formatCalendarDay('2026-03-04')).toBe(formatDate('2026-03-04T12:00:00Z', 'UTC'));
    expect(formatCalendarDay('2026-03-04')).toMatch(/\b4\b/);
    expect(formatCalendarDay('2026-12-31')).toMatch(/31/);
  });
});
