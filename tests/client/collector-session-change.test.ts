import { describe, expect, it } from 'vitest';
import { sessionChange } from '../../src/features/collector/session-change';

const zone = 'America/New_York';
// 20:00 UTC on 5 January 2027 is 3 PM in New York.
const at3pm = '2027-01-05T20:00:00.000Z';
const at4pm = '2027-01-05T21:00:00.000Z';

describe("Today's line for what the office changed", () => {
  it('says a move with the old and new times and the reason', () => {
    const moved = {
      status: 'scheduled',
      start_at: at4pm,
      rescheduled_from: { start_at: at3pm, end_at: at4pm },
      change_reason: 'therapist at training',
    };
    expect(sessionChange(moved, zone)).toMatch(/^Moved from 3:00\sPM to 4:00\sPM — therapist at training$/);
  });

  it('names the days when a session moved to another day', () => {
    const moved = { status: 'scheduled', start_at: '2027-01-06T21:00:00.000Z', rescheduled_from: { start_at: at3pm, end_at: at4pm } };
    expect(sessionChange(moved, zone)).toMatch(/^Moved from Tuesday, January 5, 3:00\sPM to Wednesday, January 6, 4:00\sPM$/);
  });

  it('keeps the planned slot as the new time once a start moved start_at to the tap', () => {
    const started = {
      status: 'in_progress',
      start_at: '2027-01-05T21:07:00.000Z',
      planned_start_at: at4pm,
      rescheduled_from: { start_at: at3pm, end_at: at4pm },
    };
    expect(sessionChange(started, zone)).toMatch(/to 4:00\sPM$/);
  });

  it('says a cancellation with its reason, even after a move', () => {
    expect(sessionChange({ status: 'cancelled', start_at: at3pm, change_reason: 'child is sick' }, zone)).toBe('Cancelled — child is sick');
    expect(
      sessionChange(
        { status: 'cancelled', start_at: at4pm, rescheduled_from: { start_at: at3pm, end_at: at4pm }, change_reason: ' closed early ' },
        zone,
      ),
    ).toBe('Cancelled — closed early');
  });

  it('says nothing for a session left as planned, or one the therapist ended as cancelled', () => {
    expect(sessionChange({ status: 'scheduled', start_at: at3pm }, zone)).toBeNull();
    expect(sessionChange({ status: 'scheduled', start_at: at3pm, change_reason: 'booked over a meeting' }, zone)).toBeNull();
    expect(sessionChange({ status: 'cancelled', start_at: at3pm, change_reason: '' }, zone)).toBeNull();
  });
});
