import type { OrganizationId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';

/**
 * When the session was planned to start: the slot the organization scheduled (planned_start_at
 * keeps it once a start moved start_at to the tap's time). Server-side data no device clock moves.
 */
export async function sessionSlotStart(tx: Tx, organizationId: OrganizationId, sessionId: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string }>(
    await tx.execute(sql`
      SELECT COALESCE(planned_start_at, start_at) AS at FROM therasessions
      WHERE organization_id = ${organizationId}::uuid AND id = ${sessionId}::uuid`),
  );
  return row ? new Date(row.at) : null;
}
