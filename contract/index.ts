/**
 * Every feature's calls and schemas, by the feature names that contract/routes.ts uses. The app
 * loads it with the first call that needs its schemas (src/shared/api/calls.ts), never on the start-up path.
 */
export * as accounts from './accounts';
export * as audit from './audit';
export * as classrooms from './classrooms';
export * as collector from './collector';
export * as dashboards from './dashboards';
export * as departments from './departments';
export * as enrollments from './enrollments';
export * as goalGraphs from './goal-graphs';
export * as goalsLibrary from './goals-library';
export * as studentRecord from './student-record';
export * as memberships from './memberships';
export * as invitations from './invitations';
export * as organizations from './organizations';
export * as people from './people';
export * as profile from './profile';
export * as programs from './programs';
export * as roles from './roles';
export * as scheduling from './scheduling';
export * as schedulingDesk from './scheduling-desk';
export * as calendar from './calendar';
export * as services from './services';
export * as workspace from './workspace';
export * as sessionHistory from './session-history';
