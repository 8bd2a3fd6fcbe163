import type { AuditAction, AuditFieldChange, AuditPerson } from '../../../contract/audit';
import { formatDate, formatOrgTime } from '../../shared/ui/time-zones';

/** A value the trail recorded, in words: "—" for none, Yes/No, lists joined. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) {
    return '—';
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'string') {
    return value === '' ? '(empty)' : value;
  }
  if (typeof value === 'number') {
    return String(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '(none)' : value.map(formatValue).join(', ');
  }
  return JSON.stringify(value);
}

/** One changed field as a line: "Price: 45.00 → 50.00"; a create names the new value, a delete the old one. */
export function changeText(action: AuditAction, change: AuditFieldChange): string {
  if (action === 'create') {
    return `${change.label}: ${formatValue(change.after)}`;
  }
  if (action === 'delete') {
    return `${change.label}: ${formatValue(change.before)}`;
  }
  return `${change.label}: ${formatValue(change.before)} → ${formatValue(change.after)}`;
}

export const ACTION_WORDS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  read: 'Opened',
};

export const personName = (person: Pick<AuditPerson, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`.trim() || 'Someone';

/**
 * When an entry was made, on the organization's clock (the date filters read days there too): its
 * day and its time, the time named with the zone when the device reads another ("3:05 PM EST").
 */
export function formatWhen(at: string, timeZone: string, device?: string): { day: string; time: string } {
  return { day: formatDate(at, timeZone), time: formatOrgTime(at, timeZone, device) };
}
