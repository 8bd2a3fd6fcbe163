const RANGE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_MS = 86_400_000;

/** "Mar 3 – Mar 9" for a week starting on a YYYY-MM-DD Monday (the organization's dates, shown as they are). */
export function weekLabel(start: string): string {
  const from = new Date(`${start}T12:00:00Z`);
  const to = new Date(from.getTime() + 6 * DAY_MS);
  return `${RANGE.format(from)} – ${RANGE.format(to)}`;
}

/** The YYYY-MM-DD date `days` away from another (calendar days; noon UTC keeps clock changes out of it). */
export function shiftDate(date: string, days: number): string {
  return new Date(new Date(`${date}T12:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}
