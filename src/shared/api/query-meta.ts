import type { ErrorFallback } from './error-text';

/**
 * What a query or mutation tells the one error/success handler (src/app/query-client.ts), so no
 * call repeats its own onError block.
 */
export interface CallMeta extends Record<string, unknown> {
  /** The fallback text of this call's failure, when the server gives no sentence of its own. */
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
