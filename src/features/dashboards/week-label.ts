const RANGE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mar 3 – Mar 9" for a week starting on a YYYY-MM-DD Monday (the organization's dates, shown as they are). */
export function weekLabel(start: string): string {
  const from = new Date(`${start}T12:00:00Z`);
  const to = new Date(from.getTime() + 6 * 86_400_000);
  return `${RANGE.format(from)} – ${RANGE.format(to)}`;
}
