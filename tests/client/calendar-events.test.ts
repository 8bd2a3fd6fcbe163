import { describe, expect, it } from 'vitest';
import {
  calendarInputs,
  legendOf,
  NO_DEPARTMENT_COLOUR,
  sessionsOf,
  type CalendarItems,
} from '../../src/features/calendar/calendar-events';
import { conflictSentence } from '../../src/features/calendar/conflicts';

const ids = {
  jordan: '00000000-0000-4000-8000-000000000001',
  maya: '00000000-0000-4000-8000-000000000002',
  noah: '00000000-0000-4000-8000-000000000003',
  aba: '00000000-0000-4000-8000-000000000004',
};

const events: CalendarItems['events'] = [
  {
    id: 'e1',
    organization_id: 'o',
    kind: 'holiday',
    title: 'Thanksgiving',
    description: '',
    start_at: '2026-11-26T05:00:00.000Z',
    end_at: '2026-11-27T05:00:00.000Z',
    all_day: true,
    for_everyone: true,
    people: [],
    created_by: null,
  },
];

const start = Date.parse('2026-11-03T20:00:00.000Z') / 60_000;

/**
 * The server's answer: one cell per session, times in minutes, and people by their numbers (not
 * their places) in lists that come in no particular order (Maya before Jordan here).
 */
const items = sessionsOf({
  time_zone: 'America/New_York',
  sessions: [
    ['s1', start, 45, 'scheduled', 4, 230, 9, null],
    ['s2', start, 45, 'cancelled', 17, 230, null, null],
    // Planned at 4:00 PM, started at 4:11 PM: the cell keeps the planned minute and names the start.
    ['s3', start + 60, 45, 'completed', 4, 230, null, start + 71],
  ],
  events,
  therapists: [
    [17, ids.maya, 'Maya Chen'],
    [4, ids.jordan, 'Jordan Reyes'],
  ],
  students: [[230, ids.noah, 'Noah Bennett']],
  departments: [[9, ids.aba, 'Applied Behavior Analysis']],
});

describe('what the calendar draws', () => {
  it("reads the answer's cells back to one session each, people named by their ids", () => {
    expect(items.sessions).toEqual([
      {
        id: 's1',
        start_at: '2026-11-03T20:00:00.000Z',
        end_at: '2026-11-03T20:45:00.000Z',
        status: 'scheduled',
        therapist_id: ids.jordan,
        student_id: ids.noah,
        department_id: ids.aba,
        started_at: null,
      },
      expect.objectContaining({ id: 's2', status: 'cancelled', therapist_id: ids.maya, department_id: null }),
      expect.objectContaining({
        id: 's3',
        status: 'completed',
        start_at: '2026-11-03T21:00:00.000Z',
        end_at: '2026-11-03T21:45:00.000Z',
        started_at: '2026-11-03T21:11:00.000Z',
      }),
    ]);
  });

  it("names only the people the sessions name when the lists are the organization's whole directory", () => {
    const whole = sessionsOf({
      time_zone: 'UTC',
      sessions: [['s1', start, 45, 'scheduled', 4, 230, null, null]],
      events: [],
      therapists: [
        [17, ids.maya, 'Maya Chen'],
        [4, ids.jordan, 'Jordan Reyes'],
      ],
      students: [[230, ids.noah, 'Noah Bennett']],
      departments: [[9, ids.aba, 'Applied Behavior Analysis']],
    });
    expect(whole.therapists).toEqual([{ id: ids.jordan, name: 'Jordan Reyes' }]);
    expect(whole.departments).toEqual([]);
    expect(legendOf(whole, 'therapist').map((entry) => entry.name)).toEqual(['Jordan Reyes']);
  });

  it('gives each therapist their own colour in name order, the legend naming the same colours the sessions wear', () => {
    const legend = legendOf(items, 'therapist');
    const inputs = calendarInputs(items, 'therapist', true, items.time_zone);
    expect(legend.map((entry) => entry.name)).toEqual(['Jordan Reyes', 'Maya Chen']);
    expect(legend[0]!.colour).not.toBe(legend[1]!.colour);
    expect(inputs.find((input) => input.id === 's1')?.color).toBe(legend[0]!.colour);
    expect(inputs.find((input) => input.id === 's2')?.color).toBe(legend[1]!.colour);
  });

  it('colours by department, a session without one in the no-department colour', () => {
    const inputs = calendarInputs(items, 'department', true, items.time_zone);
    expect(inputs.find((input) => input.id === 's1')?.color).toBe(legendOf(items, 'department')[0]!.colour);
    expect(inputs.find((input) => input.id === 's2')?.color).toBe(NO_DEPARTMENT_COLOUR);
  });

  it('says and strikes through a cancelled session, and lets only scheduled ones be dragged', () => {
    const inputs = calendarInputs(items, 'therapist', true, items.time_zone);
    const cancelled = inputs.find((input) => input.id === 's2');
    expect(cancelled?.title).toBe('Cancelled: Noah Bennett with Maya Chen');
    expect(cancelled?.className).toContain('cal-event--cancelled');
    expect(inputs.filter((input) => input.editable).map((input) => input.id)).toEqual(['s1']);
    expect(calendarInputs(items, 'therapist', false, items.time_zone).some((input) => input.editable)).toBe(false);
  });

  it('keeps a started session at its planned time and says when it was started, as the collector does', () => {
    const started = calendarInputs(items, 'therapist', true, items.time_zone).find((input) => input.id === 's3');
    expect(started).toMatchObject({ start: '2026-11-03T21:00:00.000Z', end: '2026-11-03T21:45:00.000Z' });
    expect(started?.title).toMatch(/^Noah Bennett with Jordan Reyes · Started 4:11\sPM$/);
  });

  it("puts a whole-day event on the organization's day, not the instant's day elsewhere", () => {
    const holiday = calendarInputs(items, 'therapist', true, items.time_zone).find((input) => input.id === 'e1');
    expect(holiday).toMatchObject({ start: '2026-11-26', end: '2026-11-27', allDay: true, title: 'Holiday: Thanksgiving' });
  });

  it('says when a conflict is, in the organization’s zone', () => {
    const sentence = conflictSentence(
      {
        kind: 'therapist',
        id: 's1',
        label: 'Jordan Reyes already has a session at that time.',
        start_at: '2026-11-03T20:00:00.000Z',
        end_at: '2026-11-03T20:45:00.000Z',
      },
      'America/New_York',
    );
    expect(sentence).toMatch(/^Jordan Reyes already has a session at that time \(.*3:00.*3:45.*\)\.$/);
  });
});
