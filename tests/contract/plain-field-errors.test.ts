import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../../contract/index';
import type { Call } from '../../contract/http';

/**
 * Every body a call takes (create, update and the rest), walked field by field with what people
 * and broken clients send: a negative, text in a number field, a fraction, a huge number, an
 * over-long text, an unknown choice. Whatever is refused must be refused with a sentence a person
 * can act on, never zod's own "Invalid input: expected number, received string".
 */

const RAW = /invalid input|expected|too (big|small)|invalid (uuid|iso|option)/i;
const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'readonly', 'nonoptional']);

/** The schema under optional/default/nullable, so a field is walked by what it really holds. */
function inner(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (WRAPPERS.has(def.type) && def.innerType) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in;
    } else {
      return current;
    }
  }
}

function hostileValues(schema: z.ZodType): unknown[] {
  switch (inner(schema)._zod.def.type) {
    case 'number':
      return [-1, 'abc', '12', 1.5, 1e12, Number.NaN];
    case 'string':
      return ['x'.repeat(100_000), '', 'not valid at all'];
    case 'enum':
      return ['no-such-choice'];
    default:
      return [];
  }
}

interface Probe {
  where: string;
  path: (string | number)[];
  body: unknown;
}

/** One probe per field and hostile value; array items and nested objects are walked too. */
function probes(schema: z.ZodType, where: string, wrap: (value: unknown) => unknown, path: (string | number)[]): Probe[] {
  const shape = inner(schema);
  const def = shape._zod.def as { type: string; element?: z.ZodType };
  if (def.type === 'array' && def.element) {
    return probes(def.element, where, (value) => wrap([value]), [...path, 0]);
  }
  if (!(shape instanceof z.ZodObject)) {
    return hostileValues(shape).map((value) => ({ where, path, body: wrap(value) }));
  }
  return Object.entries(shape.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
    probes(field, `${where}.${key}`, (value) => wrap({ [key]: value }), [...path, key]),
  );
}

const calls = Object.entries(contract).flatMap(([feature, calls]) =>
  Object.entries(calls as Record<string, unknown>)
    .filter((entry): entry is [string, Call] => typeof entry[1] === 'object' && entry[1] !== null && 'route' in entry[1])
    .filter(([, call]) => call.method !== 'GET' && call.body instanceof z.ZodObject && Object.keys(call.body.shape).length > 0)
    .map(([name, call]) => ({ name: `${feature}.${name}`, body: call.body })),
);

describe('field errors of every call body', () => {
  it('walks the create and update bodies (the walk itself is not empty)', () => {
    const names = calls.map((call) => call.name);
    expect(names).toEqual(expect.arrayContaining(['services.createService', 'classrooms.updateClassroom', 'programs.createProgram']));
  });

  it.each(calls)('$name refuses hostile values in sentences', ({ body }) => {
    const raw: string[] = [];
    let refused = 0;
    for (const probe of probes(body, 'body', (value) => value, [])) {
      const parsed = body.safeParse(probe.body);
      const own = (parsed.error?.issues ?? []).filter((issue) => issue.path.join('.') === probe.path.join('.'));
      refused += own.length;
      for (const issue of own) {
        if (RAW.test(issue.message)) {
          raw.push(`${probe.where} ${JSON.stringify(probe.body).slice(0, 60)}: ${issue.message}`);
        }
      }
    }
    expect(raw).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  });

  it('says what a classroom capacity and a price allow', () => {
    const capacity = contract.classrooms.createClassroom.body.safeParse({ name: 'Room 4', capacity: -3 });
    expect(capacity.error?.issues[0]?.message).toBe('Capacity is a whole number of students from 1 to 10,000, or empty for no limit.');
    const price = contract.services.CreateServiceBody.safeParse({ name: 'Speech', price: '-45' });
    expect(price.error?.issues[0]?.message).toMatch(/^Enter a price from 0 to 9,999,999\.99/);
  });
});
