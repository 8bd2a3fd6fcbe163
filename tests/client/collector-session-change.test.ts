import { describe, expect, it } from 'vitest';
import { sessionChange } from '../../src/features/collector/session-change';
import { plannedStart } from '../../src/features/collector/format';
import { movedAwayText } from '../../src/features/collector/components/moved-away-notes';

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

describe('what the tablet says when its start overtook the office’s change', () => {
  it('says a cancel the start overtook, with the reason and the start, beside the running session', () => {
    const overtaken = {
      status: 'in_progress',
      start_at: '2027-01-05T20:02:00.000Z',
      started_at: '2027-01-05T20:02:00.000Z',
      change_reason: 'child is sick',
      overtaken_change: 'called_off' as const,
    };
    expect(sessionChange(overtaken, zone)).toMatch(
      /^Cancelled by the office — child is sick, but it was started on the tablet at 3:02\sPM: the session took place and its data is kept\. The office sees this in the session's activities\.$/,
    );
  });

  it('says a move the start overtook, naming where the office moved it', () => {
    const overtaken = {
      status: 'in_progress',
      start_at: '2027-01-05T20:02:00.000Z',
      started_at: '2027-01-05T20:02:00.000Z',
      planned_start_at: '2027-01-07T19:00:00.000Z',
      rescheduled_from: { start_at: at3pm, end_at: at4pm },
      change_reason: 'therapist at training',
      overtaken_change: 'moved' as const,
    };
    expect(sessionChange(overtaken, zone)).toMatch(
      /^Moved by the office to Thursday, January 7 at 2:00\sPM — therapist at training while it was started on the tablet at 3:02\sPM: the session took place at the tablet's start\./,
    );
    // Its row stays in the slot the therapist had, not under the office's new day.
    expect(plannedStart(overtaken)).toBe(at3pm);
  });

  it('says where a session moved off the tablet’s days went, or that it left the schedule', () => {
    const moved = { id: 's', firstName: 'Sam', from: at3pm, to: '2027-01-07T19:00:00.000Z', reason: 'room closed' };
    expect(movedAwayText(moved, zone)).toMatch(
      /^Sam's 3:00\sPM session on Tuesday, January 5 was moved to Thursday, January 7 at 2:00\sPM — room closed\.$/,
    );
    expect(movedAwayText({ ...moved, to: null, reason: '' }, zone)).toMatch(
      /^Sam's 3:00\sPM session on Tuesday, January 5 is no longer on your schedule\.$/,
    );
  });
});
