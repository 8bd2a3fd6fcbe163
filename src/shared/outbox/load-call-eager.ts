// zod is configured before the contract's schemas are built (a worker's CSP blocks its probe).
import '../api/zod-config';
import * as collector from '../../../contract/collector';
import * as scheduling from '../../../contract/scheduling';
import * as workspace from '../../../contract/workspace';
import type { LoadCall, OutboxFeature } from './transport';

type Calls = Record<string, Awaited<ReturnType<LoadCall>> | undefined>;

/**
 * The contracts of the features the outbox sends to, and only those: the service worker carries
 * them, and every other feature's schemas stay out of its script. Typed by the outbox's routes
 * (transport.ts), so a new kind of operation on another feature does not compile until its contract
 * is added here.
 */
const OUTBOX_CONTRACTS: Record<OutboxFeature, unknown> = { collector, scheduling, workspace };

/**
 * The contract's call at a route, from the contracts imported up front: for the service worker (and
 * the drain benchmark's page), where it is on no start-up path. The app's pages load it lazily
 * (src/shared/api/calls.ts) instead.
 */
export const loadCallEagerly: LoadCall = (route) => {
  const call = (OUTBOX_CONTRACTS as Partial<Record<string, Calls>>)[route.feature]?.[route.name];
  return call
    ? Promise.resolve(call)
    : Promise.reject(new Error(`No call in the outbox's contracts for the route ${route.feature}.${route.name}`));
};
