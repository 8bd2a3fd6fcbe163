import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_CODES, CURRENCY_DIGITS, PriceText, fromMinorUnits, toMinorUnits } from '../../contract/money';

describe('money: decimal strings and integer minor units', () => {
  it('reads prices exactly', () => {
    expect(toMinorUnits('45', 'USD')).toBe(4500);
    expect(toMinorUnits('45.5', 'USD')).toBe(4550);
    expect(toMinorUnits('0.07', 'EUR')).toBe(7);
    expect(toMinorUnits('9999999.99', 'USD')).toBe(999_999_999);
    expect(toMinorUnits('4500', 'JPY')).toBe(4500);
    expect(toMinorUnits('4500.00', 'JPY')).toBe(4500);
  });

  it('refuses more decimals than the currency has instead of rounding', () => {
    expect(toMinorUnits('45.50', 'JPY')).toBeNull();
    expect(toMinorUnits('0.1', 'KRW')).toBeNull();
  });

  it('writes prices with the currency digits', () => {
    expect(fromMinorUnits(4550, 'USD')).toBe('45.50');
    expect(fromMinorUnits(7, 'USD')).toBe('0.07');
    expect(fromMinorUnits(0, 'GBP')).toBe('0.00');
    expect(fromMinorUnits(4500, 'JPY')).toBe('4500');
  });

  it('round-trips every amount in every currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.constantFrom(...CURRENCY_CODES), (minor, currency) => {
        const amount = CURRENCY_DIGITS[currency] === 0 ? minor % 10_000_000 : minor;
        const text = fromMinorUnits(amount, currency);
        expect(PriceText.safeParse(text).success).toBe(true);
        expect(toMinorUnits(text, currency)).toBe(amount);
      }),
    );
  });

  it.each(['', '-1', '1.005', '1e3', '$5', '1,50', '10000000', ' 1 2'])('refuses the price text %j', (value) => {
    expect(PriceText.safeParse(value).success).toBe(false);
  });
});
