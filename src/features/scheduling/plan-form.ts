import type { z } from 'zod';
import type { bulkTherasessions, PlanSlot, Weekday } from '../../../contract/scheduling-desk';

export type WeekdayCode = z.infer<typeof Weekday>;
export type PlanBody = z.input<typeof bulkTherasessions.body>;

/** The days in the order a week is read, with the words people use. */
export const WEEKDAYS: { code: WeekdayCode; short: string; long: string }[] = [
  { code: 'MO', short: 'Mon', long: 'Monday' },
  { code: 'TU', short: 'Tue', long: 'Tuesday' },
  { code: 'WE', short: 'Wed', long: 'Wednesday' },
  { code: 'TH', short: 'Thu', long: 'Thursday' },
  { code: 'FR', short: 'Fri', long: 'Friday' },
  { code: 'SA', short: 'Sat', long: 'Saturday' },
  { code: 'SU', short: 'Sun', long: 'Sunday' },
];

/**
 * One row of the form: the same slot on one or more days of the week (the quick way to plan
 * "Monday, Wednesday and Friday at 3 pm"); each chosen day becomes one weekly slot of the plan.
 */
export interface SlotRow {
  key: string;
  weekdays: WeekdayCode[];
  startTime: string;
  therapistId: string;
  studentId: string;
  serviceId: string;
  departmentId: string;
  /** Asked only when the chosen service has no length of its own. */
  minutes: string;
}

export interface PlanDraft {
  firstDay: string;
  lastDay: string;
  rows: SlotRow[];
}

/** Field name → the sentence shown under it; rows' fields are `rows.<index>.<field>`. */
export type PlanErrors = Record<string, string>;

export type ServiceLengths = ReadonlyMap<string, number | null>;

let rowCount = 0;
export function emptyRow(from?: SlotRow): SlotRow {
  rowCount += 1;
  const base = { weekdays: [], startTime: '', therapistId: '', studentId: '', serviceId: '', departmentId: '', minutes: '' };
  return { ...base, ...from, weekdays: from ? [...from.weekdays] : [], key: `row-${rowCount}` };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The longest plan the form sends at once: a school year and a little more. */
export const MAX_PLAN_DAYS = 400;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

function rangeErrors(draft: PlanDraft): PlanErrors {
  const errors: PlanErrors = {};
  if (!draft.firstDay) {
    errors.first_day = 'Choose the first day.';
  }
  if (!draft.lastDay) {
    errors.last_day = 'Choose the last day.';
  }
  if (draft.firstDay && draft.lastDay) {
    const days = dayNumber(draft.lastDay) - dayNumber(draft.firstDay);
    if (days < 0) {
      errors.last_day = 'The last day must not be before the first.';
    } else if (days >= MAX_PLAN_DAYS) {
      errors.last_day = `Plan at most ${MAX_PLAN_DAYS} days at once.`;
    }
  }
  return errors;
}

function rowErrors(row: SlotRow, index: number, lengths: ServiceLengths): PlanErrors {
  const errors: PlanErrors = {};
  const at = (field: string, message: string) => (errors[`rows.${index}.${field}`] = message);
  if (row.weekdays.length === 0) {
    at('weekdays', 'Choose at least one day of the week.');
  }
  if (!TIME.test(row.startTime)) {
    at('startTime', row.startTime ? 'Give the time as HH:MM, e.g. 15:00.' : 'Give a start time.');
  }
  if (!row.therapistId) {
    at('therapistId', 'Choose a therapist.');
  }
  if (!row.studentId) {
    at('studentId', 'Choose a student.');
  }
  if (!row.serviceId) {
    at('serviceId', 'Choose a service: the session takes its length from it.');
  } else if (!lengths.get(row.serviceId)) {
    const minutes = Number(row.minutes);
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > 720) {
      at('minutes', 'This service has no length: give one in whole minutes, from 5 to 720.');
    }
  }
  return errors;
}

/** Which row and day each weekly slot of the body came from, so the server's answers name the row. */
export interface SlotOrigin {
  row: number;
  weekday: WeekdayCode;
}

export type PlanCheck = { ok: true; body: PlanBody; origins: SlotOrigin[] } | { ok: false; errors: PlanErrors };

/** Checks the form and builds the bulk call's body (each row × each chosen day is one weekly slot). */
export function checkPlan(draft: PlanDraft, organizationId: string, lengths: ServiceLengths): PlanCheck {
  let errors: PlanErrors = rangeErrors(draft);
  if (draft.rows.length === 0) {
    errors.rows = 'Add at least one weekly slot.';
  }
  draft.rows.forEach((row, index) => (errors = { ...errors, ...rowErrors(row, index, lengths) }));
  const slots: z.input<typeof PlanSlot>[] = [];
  const origins: SlotOrigin[] = [];
  draft.rows.forEach((row, index) => {
    for (const weekday of WEEKDAYS.map((d) => d.code).filter((code) => row.weekdays.includes(code))) {
      const ownLength = !lengths.get(row.serviceId);
      slots.push({
        weekday,
        start_time: row.startTime,
        therapist_id: row.therapistId,
        student_id: row.studentId,
        service_id: row.serviceId,
        department_id: row.departmentId || null,
        ...(ownLength ? { duration_minutes: Number(row.minutes) } : {}),
      });
      origins.push({ row: index, weekday });
    }
  });
  if (slots.length > 200) {
    errors.rows = 'Use at most 200 weekly slots (each chosen day counts as one).';
  }
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return { ok: true, origins, body: { organization_id: organizationId, first_day: draft.firstDay, last_day: draft.lastDay, slots } };
}

const SLOT_FIELD: Record<string, keyof SlotRow> = {
  weekday: 'weekdays',
  start_time: 'startTime',
  therapist_id: 'therapistId',
  student_id: 'studentId',
  service_id: 'serviceId',
  department_id: 'departmentId',
  duration_minutes: 'minutes',
};

/** The server's field errors (`slots.3.student_id`) under the form's fields (`rows.1.studentId`). */
export function formErrorsOf(serverErrors: Record<string, string[]>, origins: SlotOrigin[]): PlanErrors {
  const errors: PlanErrors = {};
  for (const [path, messages] of Object.entries(serverErrors)) {
    const message = messages[0] ?? '';
    const [head, index, field] = path.split('.');
    const origin = head === 'slots' ? origins[Number(index)] : undefined;
    if (origin && field && SLOT_FIELD[field]) {
      errors[`rows.${origin.row}.${SLOT_FIELD[field]}`] = message;
    } else {
      errors[path] = message;
    }
  }
  return errors;
}
