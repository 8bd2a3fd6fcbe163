import { z } from 'zod';
import { AnsweredKey, PointKind, StoredValue } from './collector-values';

/** One observation of a point key: a value one device sent, as the server keeps it. */
export const ObservedValue = z.object({
  point_id: z.uuid(),
  ...StoredValue.shape,
  is_deletion: z.boolean().describe('The observation deleted the point instead of giving it a value'),
  device_id: z.string(),
  device_seq: z.number().int(),
  recorded_by: z
    .object({ id: z.uuid(), name: z.string() })
    .nullable()
    .describe('Who was signed in on the device that sent it; null for values written before this was kept'),
  recorded_at: z.string().describe("When it was tapped (the device's clock)"),
  received_at: z.string().nullable().describe('When the server received it; null for values written before this was kept'),
});
export type ObservedValue = z.infer<typeof ObservedValue>;

/** A point key where two devices' values met: the one kept (live) and every other one. */
export const PointConflict = AnsweredKey.extend({
  kind: PointKind,
  kept: ObservedValue.describe('The value live now (is_deletion when the point is deleted)'),
  others: z.array(ObservedValue).min(1).describe("The other devices' observations, oldest tap first"),
});
export type PointConflict = z.infer<typeof PointConflict>;

export const SessionConflicts = z.object({
  session_id: z.uuid(),
  conflicts: z.array(PointConflict).describe('In goal, sub-goal and trial order'),
});
export type SessionConflicts = z.infer<typeof SessionConflicts>;
