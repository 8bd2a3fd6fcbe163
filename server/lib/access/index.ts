/**
 * The one place that answers who may see what of a child: who is signed in and what they hold in an
 * organization (authorize.ts), which students and sessions they reach (students.ts), and which parts
 * of a reached student's record they open (parts.ts). Features import it from here.
 */
export {
  authorize,
  clearSessionCookie,
  DEFAULT_MEMBER_PERMISSIONS,
  hashToken,
  loadSession,
  newSessionToken,
  organizationAccess,
  SESSION_COOKIE,
  setSessionCookie,
  type OrgAccess,
  type SignedIn,
  type SignedInUser,
} from './authorize';
export {
  assignedPlacements,
  assignedStudentIds,
  assignedUnlessStartedSql,
  EVERY_STUDENT_KEYS,
  isAssignedSql,
  reachableStudentIds,
  reachesStudentSql,
  reachSql,
  requireAssignmentsReadable,
  requireSession,
  requireStudent,
  sessionListTherapist,
  sessionReach,
  studentReach,
  type Reach,
} from './students';
export {
  opensPartSql,
  partsFor,
  partsOfStudents,
  recordOpened,
  requirePart,
  rowsOpening,
  templatePartsSql,
  type OpensPartSql,
} from './parts';
export { studentHistoryReach, supervisesStudentSql } from './history';
