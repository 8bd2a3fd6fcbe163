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

/**
 * One conflict as a sentence a scheduler reads: the server's words for what is in the way ("Jordan
 * Reyes already has a session at that time.") with when it is, in the organization's zone.
 */
export function conflictSentence(conflict: ScheduleConflict, zone: string): string {
  return `${conflict.label.trim().replace(/\.$/, '')} (${formatRange(conflict.start_at, conflict.end_at, zone)}).`;
}
