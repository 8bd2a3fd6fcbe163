/**
 * localStorage as the browser may refuse it (private mode, storage turned off or full): a refused
 * read is "nothing kept", a refused write or removal is dropped. Callers decide what that costs.
 */
export const deviceStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** False when the browser refused to keep it. */
  set(key: string, value: string): boolean {
    try {
      localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Refused storage holds nothing of ours to remove.
    }
  },
};
