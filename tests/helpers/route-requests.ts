import { randomUUID } from 'node:crypto';
import { concrete, typeOf, type ApiRoute, type JsonSchema } from './route-catalog';

/**
 * Syntactically valid requests for any route of the catalog, built from its OpenAPI operation: the
 * walking tests (the role matrix, the access walk) send them so each request gets past validation
 * to the check it is testing. `named` puts a chosen value into every field or parameter of that name
 * (a real student's id into `student_id`, say); ids otherwise point at nothing.
 */
type Named = Record<string, unknown>;

// A future instant, an hour long where a call takes a range: valid wherever a timestamp is taken.
const START = new Date(Date.UTC(2031, 5, 2, 9, 0, 0));
const END = new Date(START.getTime() + 3600_000);

const PATTERN_SAMPLES = ['45.00', '45', 'USD', 'ABC123', 'Matrix Test', 'matrix', '09:00'];

/** A syntactically valid value: the organization's own id and code by name, anything else of the right type and format. */
export function validValue(schema: JsonSchema | undefined, name: string, org: { id: string; code: string }, named: Named = {}): unknown {
  const byName: Record<string, unknown> = {
    orgId: org.id,
    organization_id: org.id,
    orgCode: org.code,
    code: org.code,
    end_at: END.toISOString(),
    to: END.toISOString(),
    // Fields whose format the schema cannot say: a real time zone, a comma-separated list of ids.
    timezone: 'Europe/Berlin',
    student_ids: randomUUID(),
    ...named,
  };
  if (byName[name] !== undefined) {
    return byName[name];
  }
  const s = concrete(schema);
  if (s.const !== undefined) {
    return s.const;
  }
  if (s.default !== undefined) {
    return s.default;
  }
  if (s.enum?.length) {
    return s.enum[0];
  }
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, child]) => [key, validValue(child, key, org, named)]));
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValue(s.items, name, org, named));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      if (s.format === 'uuid') {
        return randomUUID();
      }
      if (s.format === 'date-time') {
        return START.toISOString();
      }
      if (s.format === 'date') {
        return START.toISOString().slice(0, 10);
      }
      if (s.format === 'email') {
        return `matrix-${randomUUID().slice(0, 8)}@example.test`;
      }
      if (s.pattern) {
        // A string the schema's pattern accepts: the first of a few everyday shapes (a price, a code, a word).
        const shape = PATTERN_SAMPLES.find((sample) => new RegExp(s.pattern!).test(sample));
        if (!shape) {
          throw new Error(`role matrix: no sample value matches the pattern ${s.pattern} of ${name}; add one to PATTERN_SAMPLES`);
        }
        return shape;
      }
      return 'Matrix Test';
  }
}

export function requestFor(route: ApiRoute, org: { id: string; code: string }, named: Named = {}) {
  const parameters = route.operation.parameters ?? [];
  const url = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
    return encodeURIComponent(String(validValue(schema, name, org, named)));
  });
  const search = new URLSearchParams();
  // Required query parameters, and the organization it acts in; optional filters stay out (a valid
  // request may leave them, and a made-up value for a filter could fail validation first).
  for (const p of parameters.filter((q) => q.in === 'query' && (q.required || q.name === 'organization_id'))) {
    search.append(p.name, String(validValue(p.schema, p.name, org, named)));
  }
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const body =
    route.method === 'GET' || (route.method === 'DELETE' && !bodySchema)
      ? undefined
      : validValue(bodySchema ?? { type: 'object' }, '', org, named);
  const query = search.toString();
  return { url: query ? `${url}?${query}` : url, body };
}
