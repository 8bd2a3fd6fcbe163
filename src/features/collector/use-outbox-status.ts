import { useIonViewDidLeave, useIonViewWillEnter } from '@ionic/react';
import { useEffect, useState } from 'react';
import { outbox, type OutboxStatus } from '../../shared/outbox/outbox';

/** The outbox's status, pushed by the outbox itself (no polling, no live query on the outbox table). */
export function useOutboxStatus(): OutboxStatus | null {
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  useEffect(() => {
    const unsubscribe = outbox.subscribe(setStatus);
    return () => {
      unsubscribe();
    };
  }, []);
  return status;
}

/** Whether the browser believes it is online (a hint only: the outbox decides by trying). */
export function useOnline(): boolean {
  const [isOnline, setIsOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setIsOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return isOnline;
}

/** A clock for relative times ("5 min ago") that ticks at the given pace. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Whether this page is the one on screen. Ionic keeps earlier pages of the stack in the DOM, hidden;
 * things that must exist once (the sync indicator and its test ids) render only on the active page.
 */
export function useIsActiveView(): boolean {
  const [isActive, setIsActive] = useState(true);
  useIonViewWillEnter(() => setIsActive(true));
  useIonViewDidLeave(() => setIsActive(false));
  return isActive;
}
