import { useState } from 'react';

/** From this share of the limit on, a field shows how many characters it holds ("112 of 120 characters"). */
const COUNTER_FROM = 0.8;

/**
 * Text cut to `max` UTF-16 units (what the contract's .max() counts), never between the two
 * halves of a surrogate pair: half an emoji cannot be stored and would fail the save.
 * `cut` is how many characters were left out.
 */
export function cutToLimit(value: string, max: number): { value: string; cut: number } {
  if (value.length <= max) {
    return { value, cut: 0 };
  }
  const last = value.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return { value: value.slice(0, end), cut: Array.from(value.slice(end)).length };
}

/** The counter near the limit, or null while the text is well under it. */
export function limitCounter(length: number, max: number): string | null {
  return length >= Math.floor(max * COUNTER_FROM) ? `${length.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters` : null;
}

/** What a person is told when text over the limit was typed or pasted: it was cut, and by how much. */
export function cutNote(max: number, cut: number): string {
  const left = cut === 1 ? 'the last character was' : `the last ${cut.toLocaleString('en-US')} characters were`;
  return `Only ${max.toLocaleString('en-US')} characters fit here: ${left} left out.`;
}

/**
 * A field's limit as a person meets it: text over `max` is cut (never silently, as the browser's
 * maxlength does) and `note` says so; `counter` appears near the limit. `change` takes the raw
 * text and the element that shows it, whose value is set to the cut text when the state alone
 * would not change it (pasting more into a field already at its limit).
 */
export function useTextLimit(max: number | undefined, value: string, onChange: (value: string) => void) {
  const [cut, setCut] = useState(0);
  const change = (raw: string, element?: { value?: string | number | null }) => {
    if (max === undefined) {
      onChange(raw);
      return;
    }
    const limited = cutToLimit(raw, max);
    setCut(limited.cut);
    if (limited.cut > 0 && element) {
      element.value = limited.value;
    }
    onChange(limited.value);
  };
  return {
    change,
    note: max !== undefined && cut > 0 ? cutNote(max, cut) : null,
    counter: max === undefined ? null : limitCounter(value.length, max),
  };
}
