import { z } from 'zod';

/**
 * The building blocks of every call's input (path, query and body). Each refuses, with a 400 field
 * error, what the database cannot store or what no real event has, so such a value never reaches
 * a query and never turns into a 500:
 * - text: PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not a character at all
 *   (it cannot be encoded as UTF-8; drivers either fail or silently replace it);
 * - timestamps: ISO 8601 with an offset, a real calendar day, between 1900 and 2200 (PostgreSQL
 *   refuses year 0, and a therapist's tap is never in 9999);
 * - ids: UUIDs, but not the nil or max UUID, which the server uses as "none" and no generator makes.
 * Answers (response schemas) keep plain z.string(): the server wrote those values itself.
 */

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** A text input: chain .trim(), .min(), .max() as with z.string(). */
export const text = () =>
  z.string('Enter text here.').refine(isStorableText, 'Contains a character that cannot be stored (such as a NUL).');

/** What a too-long text is told: the limit in words, never zod's own "Too big: expected string…". */
export const atMost = (max: number) => `Use at most ${max.toLocaleString('en-US')} characters.`;

/**
 * A whole number people type (a capacity, minutes): every way to get it wrong (text, a fraction,
 * a negative, too large) is told the same sentence, which says what is allowed.
 */
export const wholeNumber = (min: number, max: number, allowed: string) =>
  z.number(allowed).int(allowed).min(min, allowed).max(max, allowed);

/** "from 1 to 10,000": a range as the sentences above write it. */
export const range = (min: number, max: number) => `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;

export const EARLIEST = Date.UTC(1900, 0, 1);
export const LATEST = Date.UTC(2201, 0, 1); // exclusive: anything in the year 2200 is accepted

/** True when the string's calendar date exists (2026-02-30 does not) and the instant is in range. */
export function isPlausibleInstant(value: string): boolean {
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!date) {
    return false;
  }
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const calendar = new Date(Date.UTC(2000, month - 1, day));
  calendar.setUTCFullYear(year);
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    return false;
  }
  const instant = Date.parse(value);
  return Number.isFinite(instant) && instant >= EARLIEST && instant < LATEST;
}

/** An instant as ISO 8601 with Z or an offset, between 1900 and 2200. */
export const timestamp = () =>
  z.iso
    .datetime({ offset: true, error: 'Give a date and time such as 2026-05-04T09:30:00Z.' })
    .refine(isPlausibleInstant, 'Give a real date and time between the years 1900 and 2200.');

const NIL_OR_MAX = /^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

/** An id in a path, query or body: any UUID but the nil and max ones. */
export const id = (params?: Parameters<typeof z.uuid>[0]) =>
  z
    .uuid(params ?? 'Choose one from the list; this is not a valid id.')
    .refine((value) => !NIL_OR_MAX.test(value), 'This id is reserved and cannot be used.');

/** An organization's short code in a path (6 characters today; looked up case-insensitively). */
export const orgCode = () => text().trim().min(1).max(32, atMost(32));

/** Characters people write phone numbers with: digits, spaces, dots, dashes, brackets, one leading +. */
const PHONE = /^\+?[0-9 ().-]+$/;
const digitsIn = (value: string) => value.replace(/[^0-9]/g, '').length;

/**
 * A phone number as people write it ("+1 555 0100", "(555) 010-0100"), or empty for none. Checked
 * the same on both sides, so a form says what is allowed before the server does.
 */
export const phone = () =>
  text()
    .trim()
    .max(40, 'A phone number has at most 40 characters.')
    .refine(
      (value) => value === '' || (PHONE.test(value) && digitsIn(value) >= 6 && digitsIn(value) <= 15),
      'Enter a phone number of 6 to 15 digits, such as +1 555 0100; spaces, dashes, dots and brackets may separate them.',
    );

/** A web address with a host, such as https://example.org or example.org; empty for none. */
export function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) {
    return false;
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

export const webAddress = () =>
  text()
    .trim()
    .max(200, 'A web address has at most 200 characters.')
    .refine((value) => value === '' || isWebAddress(value), 'Enter a web address such as https://example.org.');
