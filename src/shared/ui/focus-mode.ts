import { useSyncExternalStore } from 'react';

/**
 * Focus mode: a screen that wants the whole width (the collector focused on one goal) says so,
 * and the app shell then takes its side menu away entirely, beside the screen and as an overlay.
 * A module-level flag rather than a context: the shell and the collector's screens live in
 * different trees of the router, and the collector must not import the shell.
 */
const screensInFocus = new Set<object>();
let isOn = false;
const listeners = new Set<() => void>();

/**
 * Puts a screen in or out of focus mode. Per screen, because Ionic keeps the screen left behind
 * mounted: its "out" may come after the next screen's "in".
 */
export function setFocusMode(screen: object, isFocused: boolean): void {
  if (isFocused) {
    screensInFocus.add(screen);
  } else {
    screensInFocus.delete(screen);
  }
  const next = screensInFocus.size > 0;
  if (next !== isOn) {
    isOn = next;
    listeners.forEach((listener) => listener());
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useFocusMode(): boolean {
  return useSyncExternalStore(subscribe, () => isOn);
}
