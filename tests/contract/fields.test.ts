import { describe, expect, it } from 'vitest';
import { id, text, timestamp } from '../../contract/fields';

describe('input building blocks', () => {
  it('text refuses what PostgreSQL text cannot hold: NUL and lone surrogates', () => {
    const field = text().max(40);
    for (const bad of ['a\u0000b', '\u0000', 'a\uD800b', 'a\uDC00', '\uDBFF']) {
      expect(field.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'Zoë', 'emoji 😀 pair', 'tab\tand newline\n', 'ß∂ƒ']) {
      expect(field.safeParse(good).success, good).toBe(true);
    }
  });

  it('text keeps chaining like z.string()', () => {
    expect(text().trim().min(1).safeParse('   ').success).toBe(false);
    expect(text().trim().parse('  a  ')).toBe('a');
  });

  it('timestamp takes real instants between 1900 and 2200 only', () => {
    const field = timestamp();
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '1899-12-31T23:59:59Z',
      '2201-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      '2025-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-01-01',
      'yesterday',
    ]) {
      expect(field.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ['1900-01-01T00:00:00Z', '2024-02-29T12:00:00.123Z', '2026-11-23T15:04:05+02:00', '2200-12-31T23:59:59Z']) {
      expect(field.safeParse(good).success, good).toBe(true);
    }
  });

  it('id refuses the nil and max UUIDs the server keeps for "none"', () => {
    expect(id().safeParse('00000000-0000-0000-0000-000000000000').success).toBe(false);
    expect(id().safeParse('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF').success).toBe(false);
    expect(id().safeParse('not-a-uuid').success).toBe(false);
    expect(id().safeParse(crypto.randomUUID()).success).toBe(true);
  });
});
