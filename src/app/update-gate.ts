/**
 * Whether a waiting service worker may take over now. A new version must never activate while the
 * outbox holds pending or in-flight operations, so features that hold unsent
 * data register a gate; with none registered the answer is yes.
 */
export type UpdateGate = () => boolean | Promise<boolean>;

const gates = new Set<UpdateGate>();

export function registerUpdateGate(gate: UpdateGate): () => void {
  gates.add(gate);
  return () => {
    gates.delete(gate);
  };
}

export async function canActivateUpdate(): Promise<boolean> {
  for (const gate of gates) {
    try {
      if (!(await gate())) {
        return false;
      }
    } catch {
      return false; // when in doubt, keep the running version: it is the one holding the data
    }
  }
  return true;
}

// The collector's outbox: a waiting worker never takes over while this user's operations are unsent.
// Imported on demand so the gate costs nothing until an update is actually waiting.
registerUpdateGate(async () => {
  const { outbox } = await import('../shared/outbox/outbox');
  return !(await outbox.hasUnsent());
});
