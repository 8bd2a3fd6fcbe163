import { describe, expect, it } from 'vitest';
import { checkPlan, emptyRow, formErrorsOf, type PlanDraft, type SlotRow } from '../../src/features/scheduling/plan-form';
import { conflictSentence } from '../../src/features/scheduling/plan-words';

const ORG = '0195f0a0-0000-7000-8000-000000000001';
const THERAPIST = '0195f0a0-0000-7000-8000-000000000002';
const STUDENT = '0195f0a0-0000-7000-8000-000000000003';
const SPEECH = '0195f0a0-0000-7000-8000-000000000004';
const OPEN_ENDED = '0195f0a0-0000-7000-8000-000000000005';
const lengths = new Map<string, number | null>([
  [SPEECH, 45],
  [OPEN_ENDED, null],
]);

function row(patch: Partial<SlotRow> = {}): SlotRow {
  return { ...emptyRow(), weekdays: ['TU'], startTime: '15:00', therapistId: THERAPIST, studentId: STUDENT, serviceId: SPEECH, ...patch };
}
const plan = (rows: SlotRow[], patch: Partial<PlanDraft> = {}): PlanDraft => ({
  firstDay: '2027-01-04',
  lastDay: '2027-01-10',
  rows,
  ...patch,
});

describe('the plan form', () => {
  it('makes one weekly slot per chosen day, in week order, with the length left to the service', () => {
    const checked = checkPlan(plan([row({ weekdays: ['FR', 'MO', 'WE'], departmentId: '' })]), ORG, lengths);
    expect(checked.ok).toBe(true);
    if (!checked.ok) {
      return;
    }
    expect(checked.body.slots.map((s) => s.weekday)).toEqual(['MO', 'WE', 'FR']);
    expect(checked.body.slots[0]).toEqual({
      weekday: 'MO',
      start_time: '15:00',
      therapist_id: THERAPIST,
      student_id: STUDENT,
      service_id: SPEECH,
      department_id: null,
    });
    expect(checked.origins).toEqual([
      { row: 0, weekday: 'MO' },
      { row: 0, weekday: 'WE' },
      { row: 0, weekday: 'FR' },
    ]);
    expect(checked.body).toMatchObject({ organization_id: ORG, first_day: '2027-01-04', last_day: '2027-01-10' });
  });

  it('says what is missing under each field of each row', () => {
    const checked = checkPlan(
      plan([row(), row({ weekdays: [], startTime: '3pm', studentId: '', serviceId: '' })], { lastDay: '' }),
      ORG,
      lengths,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        last_day: 'Choose the last day.',
        'rows.1.weekdays': 'Choose at least one day of the week.',
        'rows.1.startTime': 'Give the time as HH:MM, e.g. 15:00.',
        'rows.1.studentId': 'Choose a student.',
        'rows.1.serviceId': 'Choose a service: the session takes its length from it.',
      },
    });
  });

  it('refuses a last day before the first, a plan without slots and a range of more than 400 days', () => {
    expect(checkPlan(plan([row()], { lastDay: '2027-01-03' }), ORG, lengths)).toMatchObject({
      ok: false,
      errors: { last_day: 'The last day must not be before the first.' },
    });
    expect(checkPlan(plan([]), ORG, lengths)).toMatchObject({ ok: false, errors: { rows: 'Add at least one weekly slot.' } });
    expect(checkPlan(plan([row()], { lastDay: '2028-02-08' }), ORG, lengths)).toMatchObject({
      ok: false,
      errors: { last_day: 'Plan at most 400 days at once.' },
    });
  });

  it('asks for a length only when the service has none, and sends it then', () => {
    expect(checkPlan(plan([row({ serviceId: OPEN_ENDED, minutes: '' })]), ORG, lengths)).toMatchObject({
      ok: false,
      errors: { 'rows.0.minutes': 'This service has no length: give one in whole minutes, from 5 to 720.' },
    });
    const checked = checkPlan(plan([row({ serviceId: OPEN_ENDED, minutes: '50' })]), ORG, lengths);
    expect(checked.ok && checked.body.slots[0]?.duration_minutes).toBe(50);
  });

  it("puts the server's errors on a slot under the row and field it came from", () => {
    const origins = [
      { row: 0, weekday: 'MO' as const },
      { row: 1, weekday: 'TU' as const },
    ];
    expect(formErrorsOf({ 'slots.1.student_id': ['This student is not active.'], first_day: ['Use a date.'] }, origins)).toEqual({
      'rows.1.studentId': 'This student is not active.',
      first_day: 'Use a date.',
    });
  });
});

describe('the preview in words', () => {
  const zone = 'America/New_York';
  it("says each conflict in a sentence, on the organization's clock", () => {
    // 20:00 UTC in January is 3 PM in New York.
    const sentence = conflictSentence(
      {
        kind: 'therapist',
        id: THERAPIST,
        label: 'Jordan Reyes already has a session at that time.',
        start_at: '2027-01-05T20:00:00Z',
        end_at: '2027-01-05T20:45:00Z',
      },
      zone,
    );
    expect(sentence).toMatch(/^Jordan Reyes already has a session at that time \(Tue, Jan 5, 3:00\s–\s3:45\sPM\)\.$/);
    expect(
      conflictSentence(
        {
          kind: 'closure',
          id: SPEECH,
          label: 'The organization is closed then: Founders Day.',
          start_at: '2027-01-05T05:00:00Z',
          end_at: '2027-01-06T05:00:00Z',
        },
        zone,
      ),
    ).toMatch(/^The organization is closed then: Founders Day \(Tue, Jan 5, 12:00\sAM – Wed, Jan 6, 12:00\sAM\)\.$/);
  });
});
