import type { Route } from '../../../contract/routes';
import type * as Contract from '../../../contract/index';

/**
 * The app names calls by their route (contract/routes.ts, which imports nothing) and loads the
 * schemas that go with them on first use: zod and the contract stay off the start-up path, so the
 * collector is ready sooner, and the session check at start-up can go out before they are loaded.
 */
type Features = typeof Contract;

/** The contract's call at a route, as a type. */
export type CallAt<R extends Route> =
  R extends Route<infer F, infer N> ? (F extends keyof Features ? (N extends keyof Features[F] ? Features[F][N] : never) : never) : never;

let loading: Promise<Features> | undefined;

/** The contract module, loaded once; a failed load (e.g. an update removed the chunk) is tried again next time. */
function loadContract(): Promise<Features> {
  loading ??= import('./contract-schemas').then(
    (module) => module.contract,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export async function loadCall<R extends Route>(route: R): Promise<CallAt<R>> {
  const feature = (await loadContract())[route.feature as keyof Features] as Record<string, unknown> | undefined;
  const call = feature?.[route.name];
  if (!call) {
    throw new Error(`No call in contract/${route.feature}.ts for the route ${route.name}`);
  }
  return call as CallAt<R>;
}
