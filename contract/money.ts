import { z } from 'zod';
import { text } from './fields';
import { LIMITS } from './limits';

/**
 * Exact money, never a float, so no amount is ever rounded away. The database keeps integer
 * minor units (cents); the API writes a price as a decimal string in the organization's
 * currency ("45.00", or "4500" for yen), so no client ever parses money into a float to show it.
 * Currencies are ISO 4217 codes with their minor-unit digits; the list is the ones an
 * organization can choose in its settings.
 */
export const CURRENCY_DIGITS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  ILS: 2,
  INR: 2,
  SGD: 2,
  HKD: 2,
  AED: 2,
  SAR: 2,
  ZAR: 2,
  MXN: 2,
  BRL: 2,
  JPY: 0,
  KRW: 0,
} as const;
export type CurrencyCode = keyof typeof CURRENCY_DIGITS;
export const CURRENCY_CODES = Object.keys(CURRENCY_DIGITS) as [CurrencyCode, ...CurrencyCode[]];
export const Currency = z.enum(CURRENCY_CODES, 'Choose a currency from the list.');
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const PRICE_MAX = `${'9'.repeat(LIMITS.priceMajorDigits).replace(/\B(?=(\d{3})+$)/g, ',')}.99`;

/**
 * A price as a person types it: whole units with at most two decimals ("45", "45.5", "45.50").
 * Every mistake (a minus, a currency sign, letters, too many digits) is told what is allowed.
 */
export const PriceText = text()
  .trim()
  .regex(
    new RegExp(`^\\d{1,${LIMITS.priceMajorDigits}}(\\.\\d{1,2})?$`),
    `Enter a price from 0 to ${PRICE_MAX} with at most two decimals, such as 45.00 (no minus or currency sign).`,
  );

/** "45.5" in a 2-digit currency → 4550; null when it has more decimals than the currency has. */
export function toMinorUnits(price: string, currency: CurrencyCode): number | null {
  const digits = CURRENCY_DIGITS[currency];
  const [whole = '0', fraction = ''] = price.split('.');
  if (fraction.replace(/0+$/, '').length > digits) {
    return null;
  }
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

/** 4550 → "45.50"; 4500 yen → "4500". Exact: integer arithmetic and string building only. */
export function fromMinorUnits(minor: number, currency: CurrencyCode): string {
  const digits = CURRENCY_DIGITS[currency];
  if (digits === 0) {
    return String(minor);
  }
  const scale = 10 ** digits;
  return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(digits, '0')}`;
}
