import type { ErrorFallback } from './error-text';

/**
 * What a query or mutation tells the one error/success handler (src/app/query-client.ts), so no
 * call repeats its own onError block.
 */
export interface CallMeta extends Record<string, unknown> {
  /** Spec §8 fallback text for this call. */
  errorText?: ErrorFallback;
  /** The screen shows the error itself (forms with inline errors): no toast. */
  inlineError?: boolean;
  /** A toast after success, e.g. 'Password changed.' */
  successText?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}
