/** What other server features may use of scheduling: the time a tap stands for. */
export { tapTime } from './service-lifecycle';
