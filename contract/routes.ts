/**
 * Where every call goes, one table per feature (contract/routes/<feature>.ts, declared with
 * `defineRoutes`). These files import nothing but the definer, so the app can name a call and build
 * its URL without loading the schemas.
 */
export { buildPath, type Method, type Route } from './routes/define';
export { accounts } from './routes/accounts';
export { organizations } from './routes/organizations';
export { memberships } from './routes/memberships';
export { invitations } from './routes/invitations';
export { departments } from './routes/departments';
export { classrooms } from './routes/classrooms';
export { programs } from './routes/programs';
export { goalsLibrary } from './routes/goals-library';
export { studentRecord } from './routes/student-record';
export { people } from './routes/people';
export { dashboards } from './routes/dashboards';
export { roles } from './routes/roles';
export { services } from './routes/services';
export { audit } from './routes/audit';
export { workspace } from './routes/workspace';
export { scheduling } from './routes/scheduling';
export { schedulingDesk } from './routes/scheduling-desk';
export { calendar } from './routes/calendar';
export { collector } from './routes/collector';
export { enrollments } from './routes/enrollments';
export { profile } from './routes/profile';
export { sessionHistory } from './routes/session-history';
export { goalGraphs } from './routes/goal-graphs';
