import { describe, expect, it } from 'vitest';
import { instantToWallTime, nextDay, wallTimeToInstant } from '../../src/features/calendar/zone';

const NEW_YORK = 'America/New_York';

describe("calendar times in the organization's zone", () => {
  it('keeps 3 pm at 3 pm on both sides of the fall-back change (week of 2026-11-01)', () => {
    // Daylight time (UTC-4) until 2026-11-01 02:00, standard time (UTC-5) after.
    expect(wallTimeToInstant({ date: '2026-10-31', time: '15:00' }, NEW_YORK)).toBe('2026-10-31T19:00:00.000Z');
    expect(wallTimeToInstant({ date: '2026-11-01', time: '15:00' }, NEW_YORK)).toBe('2026-11-01T20:00:00.000Z');
    expect(wallTimeToInstant({ date: '2026-11-03', time: '15:00' }, NEW_YORK)).toBe('2026-11-03T20:00:00.000Z');
  });

  it('reads instants back as the wall times they were made from, across the change', () => {
    expect(instantToWallTime('2026-10-31T19:00:00.000Z', NEW_YORK)).toEqual({ date: '2026-10-31', time: '15:00' });
    expect(instantToWallTime('2026-11-01T20:00:00.000Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '15:00' });
    expect(instantToWallTime('2026-11-02T04:30:00.000Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '23:30' });
  });

  it('gives the day that is 25 hours long its own midnight at each end', () => {
    const start = wallTimeToInstant({ date: '2026-11-01', time: '00:00' }, NEW_YORK);
    const end = wallTimeToInstant({ date: nextDay('2026-11-01'), time: '00:00' }, NEW_YORK);
    expect(start).toBe('2026-11-01T04:00:00.000Z');
    expect(end).toBe('2026-11-02T05:00:00.000Z');
    expect((Date.parse(end) - Date.parse(start)) / 3_600_000).toBe(25);
  });

  it('moves a session by wall time through the change: Friday 10:00 EDT to Monday 10:00 EST', () => {
    const moved = wallTimeToInstant({ date: '2026-11-02', time: '10:00' }, NEW_YORK);
    expect(moved).toBe('2026-11-02T15:00:00.000Z');
    expect(instantToWallTime(moved, NEW_YORK).time).toBe('10:00');
  });

  it('counts calendar days, not 24-hour steps', () => {
    expect(nextDay('2026-10-31')).toBe('2026-11-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
