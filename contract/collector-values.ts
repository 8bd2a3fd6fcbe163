import { z } from 'zod';

/** What a collector point records; shared by the session's calls and its conflicts (collector-conflicts.ts). */
export const Measurement = z.enum(['discrete', 'frequency', 'duration']);
export const Outcome = z.enum(['correct', 'incorrect', 'prompted', 'no_response'], 'Choose correct, incorrect, prompted or no response.');
export type Outcome = z.infer<typeof Outcome>;
export const PointKind = z.enum(['trial', 'frequency', 'duration'], 'A point is a trial, a frequency or a duration.');
