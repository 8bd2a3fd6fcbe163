import type { PermissionKey } from '../../../contract/http';
import type { MyAccess } from './my-access';

/** The organization's admin areas: lists an owner keeps, which other roles may be allowed to read. */
export type AdminArea = 'services' | 'departments' | 'programs' | 'classrooms';

/**
 * Keys that give a role a place of work of its own in the app: running sessions (the collector),
 * scheduling them, or the directories (People). A role holding none of them was made to look
 * things up, and what it may read is then its menu.
 */
const OWN_WORK_KEYS: readonly PermissionKey[] = ['sessions.run', 'sessions.manage', 'students.view', 'members.view'];

/**
 * For a role with work of its own, the areas it reads as part of that work, by the key of the work.
 * Sessions are run and scheduled in a department, with its team (the server narrows a therapist's
 * view of a department to the students assigned to them); the front desk schedules, and families ask
 * it what a session costs. Programs and classrooms are only read on the way (People names each
 * student's programs and classroom and links to them), so for such a role they take no menu entry.
 */
const READ_FOR_WORK: Record<AdminArea, readonly PermissionKey[]> = {
  services: ['sessions.manage'],
  departments: ['sessions.run', 'sessions.manage'],
  programs: [],
  classrooms: [],
};

/**
 * Whether an admin area has an entry in the menu: where the role can change things (the area's
 * manage key), or reads it for its daily work (above). A screen left out stays open at its address,
 * read-only where the server allows (docs/app-shell.md).
 */
export function isAdminAreaInMenu(area: AdminArea, access: MyAccess): boolean {
  if (access.can(`${area}.manage`)) {
    return true;
  }
  if (!access.can(`${area}.view`)) {
    return false;
  }
  const hasOwnWork = OWN_WORK_KEYS.some((key) => access.can(key));
  return !hasOwnWork || READ_FOR_WORK[area].some((key) => access.can(key));
}
