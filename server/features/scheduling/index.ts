/** What other server features may use of scheduling: the time a tap stands for. */
export { tapTime } from './service-lifecycle';

// The seed also schedules, plans, runs and reads sessions.
export { listSessionPage, scheduleSessions, type ScheduleSessionInput } from './service';
export { planSessions } from './service-plan';
export { endSession, startSession } from './service-lifecycle';
