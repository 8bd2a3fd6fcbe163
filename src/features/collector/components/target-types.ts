import type { useCollectorSession } from '../use-collector-session';

/** Every tap of the session screen; stable for the life of the screen, so rows stay memoized. */
export type TargetHandlers = ReturnType<typeof useCollectorSession>['handlers'];
