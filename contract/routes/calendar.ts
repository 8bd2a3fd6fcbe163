import { defineRoutes } from './define';

const CALENDAR = '/api/thera-calendar';
export const calendar = defineRoutes('calendar', {
  calendarItems: ['GET', `${CALENDAR}/items/`],
  listCalendarEvents: ['GET', `${CALENDAR}/events/`],
  createCalendarEvent: ['POST', `${CALENDAR}/events/`],
  updateCalendarEvent: ['PATCH', `${CALENDAR}/events/:id/`],
  deleteCalendarEvent: ['DELETE', `${CALENDAR}/events/:id/`],
  myCalendarFeed: ['GET', `${CALENDAR}/feed/`],
  createCalendarFeed: ['POST', `${CALENDAR}/feed/`],
  revokeCalendarFeed: ['DELETE', `${CALENDAR}/feed/`],
  calendarFeedIcs: ['GET', `${CALENDAR}/feed/:token/schedule.ics`],
});
