import type { OpKind } from './types';

/** An operation the server confirmed, as a drain reports it: screens that show the server's figures refetch them. */
export interface Delivered {
  kind: OpKind;
  organizationId: string;
}

/** Adds a confirmed group's operations to a drain's list, once per kind and organization. */
export function noteDelivered(delivered: Delivered[], ops: readonly Delivered[]) {
  for (const { kind, organizationId } of ops) {
    if (!delivered.some((d) => d.kind === kind && d.organizationId === organizationId)) {
      delivered.push({ kind, organizationId });
    }
  }
}
