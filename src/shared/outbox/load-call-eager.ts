// zod is configured before the contract's schemas are built (a worker's CSP blocks its probe).
import '../api/zod-config';
import * as contract from '../../../contract/index';
import type { LoadCall } from './transport';

type Calls = Record<string, Record<string, Awaited<ReturnType<LoadCall>>> | undefined>;

/**
 * The contract's call at a route, from the contract imported up front: for the service worker (and
 * the drain benchmark's page), where it is on no start-up path. The app's pages load it lazily
 * (src/shared/api/calls.ts) instead.
 */
export const loadCallEagerly: LoadCall = (route) => {
  const call = (contract as unknown as Calls)[route.feature]?.[route.name];
  return call ? Promise.resolve(call) : Promise.reject(new Error(`No call in contract/${route.feature}.ts for the route ${route.name}`));
};
