import type { Route } from '../../../contract/routes';
import type { Features } from './contract-schemas';

/**
 * The app names calls by their route (contract/routes.ts, which imports nothing) and loads the
 * schemas that go with them on first use, one feature's contract at a time (contract-schemas.ts):
 * zod and the contract stay off the start-up path, the session check at start-up can go out before
 * they are loaded, and a screen downloads only the schemas of the features it calls.
 */

/** The contract's call at a route, as a type. */
export type CallAt<R extends Route> =
  R extends Route<infer F, infer N> ? (F extends keyof Features ? (N extends keyof Features[F] ? Features[F][N] : never) : never) : never;

type Loaders = Partial<Record<string, () => Promise<unknown>>>;

let loadingLoaders: Promise<Loaders> | undefined;
const loadingFeatures = new Map<string, Promise<unknown>>();

/** The per-feature loaders (with zod configured), loaded once; a failed load (e.g. an update removed the chunk) is tried again next time. */
function loadLoaders(): Promise<Loaders> {
  loadingLoaders ??= import('./contract-schemas').then(
    (module) => module.FEATURE_CONTRACTS as Loaders,
    (error: unknown) => {
      loadingLoaders = undefined;
      throw error;
    },
  );
  return loadingLoaders;
}

/** A feature's contract module, loaded once, and again after a failure like the loaders. */
function loadFeature(feature: string): Promise<unknown> {
  let pending = loadingFeatures.get(feature);
  if (!pending) {
    pending = loadLoaders()
      .then((loaders) => {
        const load = loaders[feature];
        if (!load) {
          throw new Error(`No contract module for the feature ${feature}`);
        }
        return load();
      })
      .catch((error: unknown) => {
        loadingFeatures.delete(feature);
        throw error;
      });
    loadingFeatures.set(feature, pending);
  }
  return pending;
}

export async function loadCall<R extends Route>(route: R): Promise<CallAt<R>> {
  const feature = (await loadFeature(route.feature)) as Record<string, unknown>;
  const call = feature[route.name];
  if (!call) {
    throw new Error(`No call in contract/${route.feature}.ts for the route ${route.name}`);
  }
  return call as CallAt<R>;
}
