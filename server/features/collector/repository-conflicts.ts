/**
 * The SQL of a session's conflicts (service-conflicts.ts): the observations two devices left, and the row
 * live now under each of their keys, with the name of who sent each.
 */
import type { OrganizationId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import type { PointValue } from './repository-batches';

export interface ObservedRow extends PointValue {
  point_id: string;
  is_deletion: boolean;
  device_id: string;
  device_seq: number | string;
  recorded_by: string | null;
  first_name: string | null;
  last_name: string | null;
  recorded_at: Date | string;
  received_at: Date | string | null;
}

/** Every observation kept for the session, in key order, oldest tap first. */
export async function observationsOf(tx: Tx, organizationId: OrganizationId, sessionId: string): Promise<ObservedRow[]> {
  return rowsOf<ObservedRow>(
    await tx.execute(sql`
      SELECT o.point_id, o.goal_id, o.sub_goal_id, o.trial_no, o.kind, o.outcome, o.prompt_level, o.count, o.duration_ms,
        o.is_deletion, o.device_id, o.device_seq, o.recorded_by, u.first_name, u.last_name, o.recorded_at, o.received_at
      FROM point_observations o LEFT JOIN users u ON u.id = o.recorded_by
      WHERE o.organization_id = ${organizationId}::uuid AND o.session_id = ${sessionId}::uuid
      ORDER BY o.goal_id, o.sub_goal_id NULLS FIRST, o.trial_no, o.recorded_at, o.device_id`),
  );
}

/**
 * The rows under the keys that have observations, deleted ones included (a deletion can be the
 * value kept). Read by the keys of the session's observations, so a session without conflicts
 * reads nothing here.
 */
export async function keptAtObservedKeys(tx: Tx, organizationId: OrganizationId, sessionId: string): Promise<ObservedRow[]> {
  return rowsOf<ObservedRow>(
    await tx.execute(sql`
      SELECT d.id AS point_id, d.goal_id, d.sub_goal_id, d.trial_no, d.kind, d.outcome, d.prompt_level, d.count, d.duration_ms,
        d.deleted_at IS NOT NULL AS is_deletion, d.device_id, d.device_seq, d.recorded_by, u.first_name, u.last_name,
        d.recorded_at, coalesce(d.corrected_at, d.received_at) AS received_at
      FROM data_points d LEFT JOIN users u ON u.id = d.recorded_by
      WHERE d.organization_id = ${organizationId}::uuid AND d.session_id = ${sessionId}::uuid
        AND EXISTS (
          SELECT 1 FROM point_observations o
          WHERE o.organization_id = d.organization_id AND o.session_id = d.session_id AND o.goal_id = d.goal_id
            AND o.sub_goal_id IS NOT DISTINCT FROM d.sub_goal_id AND o.trial_no = d.trial_no)`),
  );
}
