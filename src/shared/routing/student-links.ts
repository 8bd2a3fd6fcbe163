/**
 * The addresses of a student's record, in one place: every screen that names a student links here,
 * and the record's own screens (its page, a goal's graph, the session history, the caseload) are
 * registered at these paths.
 */
export const STUDENT_RECORD_PATHS = {
  student: '/organization/students/:studentId',
  goal: '/organization/students/:studentId/goals/:goalId',
  sessions: '/organization/students/:studentId/sessions',
  caseload: '/organization/caseload',
} as const;

export const studentPath = (studentId: string) => `/organization/students/${studentId}`;
export const goalGraphPath = (studentId: string, goalId: string) => `/organization/students/${studentId}/goals/${goalId}`;
/** The session history, opened at one session when given (its row is expanded and scrolled to). */
export const studentSessionsPath = (studentId: string, sessionId?: string) =>
  `/organization/students/${studentId}/sessions${sessionId ? `?session=${sessionId}` : ''}`;
export const caseloadPath = '/organization/caseload';
