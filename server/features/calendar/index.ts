/** What other server features may use of the calendar: the whole-organization closures over a range. */
export { selectClosures as closuresOverlapping } from './repository';

// The seed also puts events on the calendar.
export { createEvent } from './service';
