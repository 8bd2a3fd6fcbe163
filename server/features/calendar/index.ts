/** What other server features may use of the calendar: the whole-organization closures over a range. */
export { selectClosures as closuresOverlapping } from './repository';
