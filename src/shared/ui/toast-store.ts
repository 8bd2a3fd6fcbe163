import { useSyncExternalStore } from 'react';

export type ToastTone = 'danger' | 'success' | 'neutral';
export interface ToastMessage {
  id: number;
  message: string;
  tone: ToastTone;
}

let queue: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

/**
 * Queues a toast; the same message already waiting is not queued twice. A confirmation replaces the
 * confirmations before it, on screen or waiting: the toast names what just happened, not the step
 * before (adding a student must not be answered "Added … to the team" still showing from the last
 * step). Errors stay in line until read.
 */
export function showToast(message: string, tone: ToastTone = 'danger'): void {
  if (queue.some((toast) => toast.message === message)) {
    return;
  }
  const kept = tone === 'danger' ? queue : queue.filter((toast) => toast.tone === 'danger');
  queue = [...kept, { id: nextId++, message, tone }];
  emit();
}

/**
 * Takes the confirmations off screen, on screen or waiting, when an outcome is reported elsewhere (a
 * bulk delete's report of what failed): two outcomes at once would leave a person to guess which is
 * the latest.
 */
export function dismissConfirmations(): void {
  queue = queue.filter((toast) => toast.tone === 'danger');
  emit();
}

export function dismissToast(id: number): void {
  queue = queue.filter((toast) => toast.id !== id);
  emit();
}

export function clearToasts(): void {
  queue = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toast on screen now (the head of the queue). */
export const currentToast = (): ToastMessage | undefined => queue[0];

export function useCurrentToast(): ToastMessage | undefined {
  return useSyncExternalStore(subscribe, currentToast);
}
