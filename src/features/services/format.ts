/**
 * A price from the API (an exact decimal string) in the organization's currency, e.g. "$45.00".
 * Intl formats the decimal string itself, so no float ever stands between the server and the screen.
 */
export function formatPrice(price: string, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(price as `${number}`);
}

export function formatDuration(minutes: number | null): string {
  if (minutes === null) {
    return '—';
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
