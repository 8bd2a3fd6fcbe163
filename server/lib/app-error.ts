import { ERROR_STATUS, type ErrorCode } from '../../contract/errors';

/** The one way server code fails on purpose; the error handler maps `code` to a status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** More of the answer's body, for errors that carry what is in the way (e.g. schedule conflicts). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
