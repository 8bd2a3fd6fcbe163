/** "3 h 05 min", "40 min", "No time": workspace minutes as a person reads them. */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) {
    return 'No time';
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}
