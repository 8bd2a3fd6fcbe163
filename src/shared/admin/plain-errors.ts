import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

const count = (n: number | bigint, one: string, many: string) => `${Number(n).toLocaleString('en-US')} ${Number(n) === 1 ? one : many}`;

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>): string {
  if (issue.origin === 'string') {
    return Number(issue.minimum) <= 1 ? 'Fill in this field.' : `Use at least ${count(issue.minimum, 'character', 'characters')}.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `Choose at least ${Number(issue.minimum)}.`;
  }
  return `Enter a number of at least ${Number(issue.minimum).toLocaleString('en-US')}.`;
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>): string {
  if (issue.origin === 'string') {
    return `Use at most ${count(issue.maximum, 'character', 'characters')}.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `Choose at most ${Number(issue.maximum)}.`;
  }
  return `Enter a number of at most ${Number(issue.maximum).toLocaleString('en-US')}.`;
}

function wrongType(issue: Extract<RawIssue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null || issue.input === '') {
    return 'Fill in this field.';
  }
  switch (issue.expected) {
    case 'int':
      return 'Enter a whole number, such as 12.';
    case 'number':
    case 'bigint':
      return 'Enter a number, such as 12.';
    case 'boolean':
      return 'Choose yes or no.';
    case 'string':
      return 'Enter text here.';
    default:
      return 'Fill in this field.';
  }
}

function wrongFormat(issue: Extract<RawIssue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return 'Enter an e-mail address such as name@example.org.';
    case 'uuid':
    case 'guid':
      return 'Choose one from the list.';
    case 'datetime':
    case 'date':
      return 'Enter a date, such as 2026-05-04.';
    case 'url':
      return 'Enter a web address such as https://example.org.';
    default:
      return 'This is not in a form that can be saved; check it and try again.';
  }
}

/**
 * The form kit's sentence for a check the contract left without its own words. The contract
 * names most limits itself ("Capacity is a whole number from 1 to 10,000"); this is the fallback,
 * so a person never reads zod's "Invalid input: expected number, received string".
 * Used as the per-parse error map: a message written on the schema still wins over it.
 */
export function plainIssue(issue: RawIssue): string {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_type':
      return wrongType(issue);
    case 'invalid_format':
      return wrongFormat(issue);
    case 'invalid_value':
      return 'Choose one of the offered values.';
    case 'not_multiple_of':
      return `Enter a multiple of ${Number(issue.divisor).toLocaleString('en-US')}.`;
    default:
      return 'Check this value and try again.';
  }
}

/** zod's own wording, which must never reach a person (it names types, not what to do). */
const RAW = /^(invalid input|invalid option|invalid (uuid|iso|email|string|url)|too (big|small))|expected (a |an )?[a-z]+,? /i;

/** A message from elsewhere (the server's field errors): kept when it is a sentence, replaced when it is zod's raw text. */
export const plainMessage = (message: string): string => (RAW.test(message) ? 'Check this value and try again.' : message);
