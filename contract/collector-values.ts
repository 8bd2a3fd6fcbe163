import { z } from 'zod';

/** What a collector point records; shared by the session's calls and its conflicts (collector-conflicts.ts). */
export const Measurement = z.enum(['discrete', 'frequency', 'duration']);
export const Outcome = z.enum(['correct', 'incorrect', 'prompted', 'no_response'], 'Choose correct, incorrect, prompted or no response.');
export type Outcome = z.infer<typeof Outcome>;
export const PointKind = z.enum(['trial', 'frequency', 'duration'], 'A point is a trial, a frequency or a duration.');

/** A point's key as the server answers it (a trial state's, a conflict's). */
export const AnsweredKey = z.object({ goal_id: z.uuid(), sub_goal_id: z.uuid().nullable(), trial_no: z.number().int() });

/** A point's value as the server stored it: the live point, its value before a correction, another device's observation. */
export const StoredValue = z.object({
  outcome: Outcome.nullable(),
  prompt_level: z.string().nullable(),
  count: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
});
