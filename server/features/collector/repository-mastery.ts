/**
 * The SQL of a mastery the evaluation found (service-mastery.ts): targets to maintenance, the next
 * target active, goals mastered (the goal's history rows go through the goals library's one writer).
 */
import type { OrganizationId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';

/** One change the evaluation makes: a target mastered or started, or a goal mastered (target_id null). */
export interface MasteryChange {
  goal_id: string;
  target_id: string | null;
  /** maintenance (target mastered), active (target started) or mastered (the goal). */
  status: 'maintenance' | 'active' | 'mastered';
  /** The session whose data met the criterion (for a target that starts: the one that mastered the target before it). */
  session_id: string;
}

/**
 * Applies the changes in one statement, each only while the row still stands where the evaluation
 * read it (a target active or upcoming, a goal in treatment): two batches evaluating the same goal
 * at once change it once. Answers the changes made.
 */
export async function applyMasteryChanges(tx: Tx, organizationId: OrganizationId, changes: MasteryChange[]): Promise<MasteryChange[]> {
  const rows = rowsOf<MasteryChange>(
    await tx.execute(sql`
      WITH c AS MATERIALIZED (
        SELECT * FROM json_to_recordset(${JSON.stringify(changes)}::json) AS c(goal_id uuid, target_id uuid, status text, session_id uuid)),
      targets AS (
        UPDATE sub_goals t SET status = c.status,
          mastered_at = CASE WHEN c.status = 'maintenance' THEN now() ELSE t.mastered_at END,
          mastered_session_id = CASE WHEN c.status = 'maintenance' THEN c.session_id ELSE t.mastered_session_id END
        FROM c
        WHERE c.target_id IS NOT NULL AND t.organization_id = ${organizationId}::uuid AND t.goal_id = c.goal_id AND t.id = c.target_id
          AND t.status = CASE WHEN c.status = 'maintenance' THEN 'active' ELSE 'upcoming' END
        RETURNING c.goal_id, c.target_id, c.status, c.session_id),
      goals AS (
        UPDATE assigned_goals g SET status = 'mastered', mastered_at = now(), mastered_session_id = c.session_id
        FROM c
        WHERE c.target_id IS NULL AND g.organization_id = ${organizationId}::uuid AND g.id = c.goal_id AND g.status = 'in_treatment'
        RETURNING c.goal_id, c.target_id, c.status, c.session_id)
      SELECT goal_id::text, target_id::text, status, session_id::text FROM targets
      UNION ALL SELECT goal_id::text, target_id::text, status, session_id::text FROM goals`),
  );
  return rows;
}
