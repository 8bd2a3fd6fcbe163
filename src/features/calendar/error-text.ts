/** The calendar screen's fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const CALENDAR_ERROR_TEXT = {
  fetchCalendar: 'Failed to fetch the calendar',
  fetchChoices: 'Failed to fetch the lists to choose from',
  createSession: 'Failed to create session',
  rescheduleSession: 'Failed to move session',
  createEvent: 'Failed to create event',
  updateEvent: 'Failed to update event',
  deleteEvent: 'Failed to delete event',
} as const;
