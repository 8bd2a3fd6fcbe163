import { describe, expect, it } from 'vitest';
import { formatOrgMoment, formatSpan, formatTime, formatTimeRange, readsLike, zoneName } from '../../src/shared/ui/time-zones';
import { timeOf } from '../../src/features/collector/format';
import { spanIn } from '../../src/features/scheduling/plan-words';
import { formatRange } from '../../src/features/calendar/zone';

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';
// A narrow or thin space, as Intl writes between a time and its AM/PM and around a range's dash.
const sp = (text: string) => new RegExp(`^${text.replaceAll(' ', '\\s')}$`);

describe("the app's one set of clocks", () => {
  it('writes 12-hour times with AM/PM in en-US and 24-hour times in de-DE, in the zone asked for', () => {
    const at = '2026-11-03T15:30:00Z';
    expect(formatTime(at, NEW_YORK, 'en-US')).toMatch(sp('10:30 AM'));
    expect(formatTime(at, BERLIN, 'de-DE')).toBe('16:30');
    expect(formatTime(at, BERLIN, 'en-US')).toMatch(sp('4:30 PM'));
  });

  it('names AM/PM in a range in 12-hour locales and leaves it out in 24-hour ones', () => {
    const [start, end] = ['2026-11-03T15:30:00Z', '2026-11-03T16:30:00Z'];
    expect(formatTimeRange(start, end, NEW_YORK, 'en-US')).toMatch(sp('10:30 – 11:30 AM'));
    expect(formatTimeRange('2026-11-03T16:30:00Z', '2026-11-03T17:15:00Z', NEW_YORK, 'en-US')).toMatch(sp('11:30 AM – 12:15 PM'));
    expect(formatTimeRange(start, end, BERLIN, 'de-DE')).toMatch(/^16:30\s?–\s?17:30( Uhr)?$/);
  });

  it('cuts the seconds, never rounds them up: 9:35:40 is 9:35 on every screen', () => {
    const at = '2026-11-03T14:35:40Z';
    expect(formatTime(at, NEW_YORK, 'en-US')).toMatch(sp('9:35 AM'));
    expect(timeOf(at, NEW_YORK)).toBe(formatTime(at, NEW_YORK));
    expect(spanIn(at, '2026-11-03T15:20:40Z', NEW_YORK)).toBe(formatRange(at, '2026-11-03T15:20:40Z', NEW_YORK));
    expect(formatSpan(at, '2026-11-03T15:20:40Z', NEW_YORK)).toMatch(/9:35.*10:20/);
  });

  it("writes the end's day too when a span crosses midnight", () => {
    expect(formatSpan('2026-11-03T04:00:00Z', '2026-11-03T06:00:00Z', NEW_YORK)).toMatch(/^Mon, Nov 2, 11:00\sPM – Tue, Nov 3, 1:00\sAM$/);
  });

  it("labels an admin date with the organization's zone only when the device reads another one", () => {
    const created = '2026-11-25T03:30:00Z';
    // The device in Berlin, the organization in New York: the evening of the 24th, named EST.
    expect(formatOrgMoment(created, NEW_YORK, true, BERLIN)).toMatch(/^Nov 24, 2026, 10:30\sPM EST$/);
    expect(formatOrgMoment(created, NEW_YORK, false, BERLIN)).toBe('Nov 24, 2026 (EST)');
    // The same device zone as the organization's: no label.
    expect(formatOrgMoment(created, NEW_YORK, true, NEW_YORK)).toMatch(/^Nov 24, 2026, 10:30\sPM$/);
    expect(formatOrgMoment(created, BERLIN, false, BERLIN)).toBe('Nov 25, 2026');
  });

  it('takes two names of the same rules for the same zone, and different rules for different zones', () => {
    expect(readsLike(NEW_YORK, 'US/Eastern')).toBe(true);
    expect(readsLike(NEW_YORK, BERLIN)).toBe(false);
    expect(zoneName(NEW_YORK, '2026-07-01T12:00:00Z')).toBe('EDT');
  });
});
