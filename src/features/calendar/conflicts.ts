import type { ScheduleConflict } from '../../../contract/errors';
import { isApiError, isRecord } from '../../shared/api/api-error';
import { formatRange } from './zone';

/** What stands in the way of a booking, when the server refused it as a double booking (409 SCHEDULE_CONFLICT). */
export function conflictsOf(error: unknown): ScheduleConflict[] {
  if (!isApiError(error) || error.code !== 'SCHEDULE_CONFLICT' || !isRecord(error.body)) {
    return [];
  }
  const list = error.body.conflicts;
  return Array.isArray(list) ? list.filter((entry): entry is ScheduleConflict => isRecord(entry) && typeof entry.label === 'string') : [];
}

const LEAD: Record<ScheduleConflict['kind'], string> = {
  therapist: 'The therapist is already booked',
  student: 'The student is already booked',
  closure: 'The organization is closed',
};

/** One conflict as a sentence a scheduler reads: who or what, and when, in the organization's zone. */
export function conflictSentence(conflict: ScheduleConflict, zone: string): string {
  return `${LEAD[conflict.kind]}: ${conflict.label}, ${formatRange(conflict.start_at, conflict.end_at, zone)}.`;
}
