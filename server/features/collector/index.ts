/** What other server features may use of the collector: a session as the collector loads it, for the request's caller. */
export { loadSessionFor } from './service';

// The seed also records a session's points.
export { upsertPoints } from './service-batches';
