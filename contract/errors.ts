import { z } from 'zod';

/** Something already in the schedule that a new or moved session would overlap. */
export const ScheduleConflict = z.object({
  kind: z.enum(['therapist', 'student', 'closure']).describe('The therapist or the student is booked then, or the organization is closed'),
  id: z.uuid().describe('The session or calendar event in the way'),
  label: z.string().describe('What it is, in words'),
  start_at: z.string(),
  end_at: z.string(),
});
export type ScheduleConflict = z.infer<typeof ScheduleConflict>;

/** One error body for every failure. */
export const ErrorBody = z.object({
  detail: z.string().describe('A sentence a person can read'),
  code: z.string().describe('Machine-readable code, see ERROR_STATUS'),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('Field errors for 400'),
  conflicts: z.array(ScheduleConflict).optional().describe('For SCHEDULE_CONFLICT: everything in the way'),
  error: z.string().optional().describe('Same text as detail, for clients that read `error` after register and login'),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Every error code the server can answer with, and its HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  NOT_SIGNED_IN: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  FOREIGN_ORIGIN: 403,
  /** The request's X-Thera-Author is not the signed-in user: the outbox parks the operation for its author. */
  AUTHOR_MISMATCH: 403,
  /** A reachable student whose record part (e.g. goals and data) the caller's role does not open; the outbox sets a refused point aside. */
  RECORD_PART_CLOSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A session would double-book its therapist or student, or fall in a closure; the body lists the conflicts. */
  SCHEDULE_CONFLICT: 409,
  EMAIL_TAKEN: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  ALREADY_STARTED: 409,
  ALREADY_ENDED: 409,
  NOT_STARTED: 409,
  /** An older write of the same device than the stored one: the whole call is refused, nothing stored. */
  STALE_WRITE: 409,
  /** A point recorded after the session's therapist stopped being assigned to its student: refused, nothing of the call stored. */
  NOT_ASSIGNED: 409,
  /** New points on a session cancelled (or marked a no-show) before it ever started and holding no data: refused, nothing stored. */
  SESSION_CALLED_OFF: 409,
  /** A point recorded after the therapist's membership ended: refused, nothing of the call stored. */
  MEMBERSHIP_ENDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  TIMEOUT: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
