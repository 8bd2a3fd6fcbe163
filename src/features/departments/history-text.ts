import type { HistoryEntry } from '../../../contract/departments';
import { fullName } from './format';

type Entry = Pick<HistoryEntry, 'user' | 'action' | 'entity' | 'changes' | 'member' | 'student'>;

const quoted = (value: unknown) => `“${String(value)}”`;

/**
 * One history entry as a sentence: "Maya Chen assigned Noah Bennett to Jordan Reyes". The actor is
 * the signed-in user who made the change ("The system" for changes without one, e.g. the demo
 * seed); a person no longer in the organization is named by their role in the change.
 */
export function historySentence(entry: Entry): string {
  const who = entry.user ? fullName(entry.user) : 'The system';
  const member = entry.member ? fullName(entry.member) : 'a former member';
  const student = entry.student ? fullName(entry.student) : 'a former student';
  const changes = entry.changes;
  switch (entry.entity) {
    case 'department': {
      if (entry.action === 'create') {
        return `${who} created the department ${quoted(changes.name?.[1] ?? '')}`;
      }
      if (entry.action === 'delete') {
        return `${who} deleted the department ${quoted(changes.name?.[0] ?? '')}`;
      }
      const parts: string[] = [];
      if (changes.name) {
        parts.push(`renamed the department from ${quoted(changes.name[0])} to ${quoted(changes.name[1])}`);
      }
      // Records written before the field was renamed name it is_enabled; the trail is never rewritten.
      const active = changes.is_active ?? changes.is_enabled;
      if (active) {
        parts.push(active[1] ? 'enabled the department' : 'disabled the department');
      }
      return `${who} ${parts.length > 0 ? parts.join(' and ') : 'changed the department'}`;
    }
    case 'department_member':
      return entry.action === 'delete' ? `${who} removed ${member} from the team` : `${who} added ${member} to the team`;
    case 'department_student':
      return entry.action === 'delete' ? `${who} removed ${student} from the department` : `${who} added ${student} to the department`;
    case 'department_student_therapist':
      return entry.action === 'delete' ? `${who} unassigned ${student} from ${member}` : `${who} assigned ${student} to ${member}`;
    default:
      return `${who} changed ${entry.entity.replace(/_/g, ' ')}`;
  }
}
