/** What other server features may use of the collector: a session as the collector loads it, for the request's caller. */
export { loadSessionFor } from './service';

// The seed also records a session's points.
export { upsertPoints } from './service-batches';

// The session history shows each session's conflicts as the collector's own call does.
export { conflictsOf } from './service-conflicts';
// The demo seed corrects one point the day after, as a therapist would.
export { correctPoint } from './service-corrections';
