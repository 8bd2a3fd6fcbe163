/** What other server features may use of the collector: a session as the collector loads it. */
export { loadSessionFor } from './service';
