import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { createClassroom } from '../../contract/classrooms';
import { plainIssue, plainMessage } from '../../src/shared/admin/plain-errors';

const RAW = /invalid input|expected|too (big|small)|invalid (uuid|option|iso)/i;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Record<string, unknown>>;

/** The form kit's resolver as useAdminForm builds it: the contract's schema, the kit's fallback words. */
async function formErrors(schema: z.ZodObject, values: Record<string, unknown>): Promise<Record<string, string>> {
  const resolver = zodResolver(schema as never, { error: plainIssue }) as never as (
    values: Record<string, unknown>,
    context: unknown,
    options: ResolverOptions<Record<string, unknown>>,
  ) => Promise<{ errors: FieldErrors }>;
  const { errors } = await resolver(values, undefined, options);
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, String(error?.message)]));
}

describe('form kit: field errors in sentences', () => {
  it('shows the contract’s own sentence for a classroom capacity (negative, text, a fraction)', async () => {
    for (const capacity of [-3, 'abc', 2.5, 20_000]) {
      const errors = await formErrors(createClassroom.body, { name: 'Room 4', capacity });
      expect(errors.capacity).toBe('Capacity is a whole number of students from 1 to 10,000, or empty for no limit.');
    }
  });

  it('words a check the schema left without a message, never zod’s raw text', async () => {
    const bare = z.object({
      count: z.number().int().min(1).max(5),
      title: z.string().min(1).max(3),
      choice: z.enum(['a', 'b']),
      owner: z.uuid(),
      mail: z.email(),
      tags: z.array(z.string()).max(1),
    });
    const errors = await formErrors(bare, { count: 'seven', title: 'long title', choice: 'c', owner: 'x', mail: 'nope', tags: ['a', 'b'] });
    expect(errors).toEqual({
      count: 'Enter a number, such as 12.',
      title: 'Use at most 3 characters.',
      choice: 'Choose one of the offered values.',
      owner: 'Choose one from the list.',
      mail: 'Enter an e-mail address such as name@example.org.',
      tags: 'Choose at most 1.',
    });
    const more = await formErrors(bare, { count: 9, title: '', choice: 'a', owner: crypto.randomUUID(), mail: 'a@b.co', tags: [] });
    expect(more).toEqual({ count: 'Enter a number of at most 5.', title: 'Fill in this field.' });
    for (const message of [...Object.values(errors), ...Object.values(more)]) {
      expect(message).not.toMatch(RAW);
    }
  });

  it('keeps a server sentence and replaces zod’s raw text from the server', () => {
    expect(plainMessage('A service with this name already exists.')).toBe('A service with this name already exists.');
    expect(plainMessage('Invalid input: expected number, received string')).toBe('Check this value and try again.');
    expect(plainMessage('Too big: expected string to have <=120 characters')).toBe('Check this value and try again.');
  });
});
