import { concrete, type ApiRoute } from './route-catalog';
import { validRequest, validValue, type HostileWorld, type Variant } from './hostile-values';

/**
 * Bodies of an update (PATCH or PUT) that name no field it can change: `{}`, an unknown key only, and
 * read-only fields only (those of its answer that its body does not take, such as `id`). When the body
 * has fields that say where or how the update acts (`x-not-a-change`), the three go again with those
 * filled in validly, so they pass validation and meet the check itself. None for an action whose body
 * has no field to change (archive, close): there `{}` is the whole request.
 */
export function nothingToChange(route: ApiRoute, world: HostileWorld): Variant[] {
  const body = concrete(route.operation.requestBody?.content?.['application/json']?.schema);
  const fields = Object.entries(body.properties ?? {});
  if ((route.method !== 'PATCH' && route.method !== 'PUT') || !fields.some(([, field]) => !field['x-not-a-change'])) {
    return [];
  }
  const ctx = { world, path: route.path };
  const { params, query } = validRequest(route, world);
  const answer = concrete(route.operation.responses?.['200']?.content?.['application/json']?.schema);
  const readOnly = Object.entries(answer.properties ?? {})
    .filter(([key]) => !(key in (body.properties ?? {})))
    .map(([key, schema]) => [key, validValue(schema, key, ctx)]);
  const how = fields.filter(([, field]) => field['x-not-a-change']).map(([key, schema]) => [key, validValue(schema, key, ctx)]);
  const bodies: [string, object][] = [
    ['empty body', {}],
    ['unknown key only', { unknown: 1 }],
    ...(readOnly.length > 0 ? [['read-only fields only', Object.fromEntries(readOnly)] as [string, object]] : []),
  ];
  const withWhereAndHow = how.length > 0 ? [[' (with where and how)', Object.fromEntries(how)] as [string, object]] : [];
  return [['', {}] as [string, object], ...withWhereAndHow].flatMap(([suffix, where]) =>
    bodies.map(([label, named]) => ({
      params,
      query,
      label: `nothing to change: ${label}${suffix}`,
      body: { ...where, ...named },
      namesNothing: true,
    })),
  );
}
