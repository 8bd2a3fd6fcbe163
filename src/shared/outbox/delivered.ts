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

/** This page's listeners for what the server confirmed. */
export class DeliveryFeed {
  private listeners = new Set<(delivered: Delivered[]) => void>();

  subscribe(listener: (delivered: Delivered[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(delivered: Delivered[]) {
    if (delivered.length > 0) {
      this.listeners.forEach((l) => l(delivered));
    }
  }
}
