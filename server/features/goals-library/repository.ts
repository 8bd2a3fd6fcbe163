import type { DepartmentId, MembershipId, OrganizationId, StudentId } from '../../lib/ids';
import { and, asc, eq, exists, inArray, max, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { tenantRows } from '../../lib/tenant-rows';
import { assignedGoals, goalRevisions, subGoals } from '../../db/schema/goals';
import { dataPoints, pointObservations } from '../../db/schema/collector';
import { therasessions } from '../../db/schema/scheduling';
export { findDepartment, findMembership, findStudent, isStudentInDepartment } from '../../db/lookups';

// Every function takes the organization first and runs inside the tenant transaction it is given.

export type GoalRow = typeof assignedGoals.$inferSelect;
export type SubGoalRow = typeof subGoals.$inferSelect;
export type GoalInsert = Omit<typeof assignedGoals.$inferInsert, 'organizationId' | 'createdAt'>;
/** A goal with its sub-goals (targets) in position order. */
export type AssignedGoalRow = GoalRow & { subGoals: SubGoalRow[] };

export const goalRows = tenantRows(assignedGoals);
export const subGoalRows = tenantRows(subGoals);
/** A goal's history of teaching changes (phase lines): written, never updated. */
export const revisionRows = tenantRows(goalRevisions);
export type RevisionRow = typeof goalRevisions.$inferSelect;

export async function selectGoals(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { studentIds?: StudentId[]; departmentId?: DepartmentId; membershipId?: MembershipId; goalIds?: string[] },
): Promise<GoalRow[]> {
  return tx
    .select()
    .from(assignedGoals)
    .where(
      and(
        eq(assignedGoals.organizationId, organizationId),
        filter.studentIds === undefined ? undefined : inArray(assignedGoals.studentId, filter.studentIds),
        filter.departmentId === undefined ? undefined : eq(assignedGoals.departmentId, filter.departmentId),
        filter.membershipId === undefined ? undefined : eq(assignedGoals.membershipId, filter.membershipId),
        filter.goalIds === undefined ? undefined : inArray(assignedGoals.id, filter.goalIds),
      ),
    )
    .orderBy(asc(assignedGoals.studentId), asc(assignedGoals.createdAt), asc(assignedGoals.id));
}

export async function selectSubGoals(tx: Tx, organizationId: OrganizationId, goalIds: string[]): Promise<SubGoalRow[]> {
  if (goalIds.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(subGoals)
    .where(and(eq(subGoals.organizationId, organizationId), inArray(subGoals.goalId, goalIds)))
    .orderBy(asc(subGoals.goalId), asc(subGoals.position), asc(subGoals.id));
}

export async function nextSubGoalPosition(tx: Tx, organizationId: OrganizationId, goalId: string): Promise<number> {
  const [row] = await tx
    .select({ top: max(subGoals.position) })
    .from(subGoals)
    .where(and(eq(subGoals.organizationId, organizationId), eq(subGoals.goalId, goalId)));
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

/**
 * Whether anything was ever recorded for the goal (or one of its targets): a data point, live or
 * deleted in the collector, or an observation kept beside one. Points of a goal only ever sit in
 * sessions of the goal's student, so the look-up goes through those sessions and then the points'
 * key index (session, goal, target) rather than every point of the organization.
 */
export async function hasRecordedPoints(
  tx: Tx,
  organizationId: OrganizationId,
  goal: Pick<GoalRow, 'id' | 'studentId'>,
  subGoalId?: string,
): Promise<boolean> {
  const ofStudentSessions = (table: typeof dataPoints | typeof pointObservations): SQL =>
    exists(
      tx
        .select({ one: table.goalId })
        .from(table)
        .innerJoin(therasessions, and(eq(therasessions.organizationId, table.organizationId), eq(therasessions.id, table.sessionId)))
        .where(
          and(
            eq(table.organizationId, organizationId),
            eq(therasessions.studentId, goal.studentId),
            eq(table.goalId, goal.id),
            subGoalId === undefined ? undefined : eq(table.subGoalId, subGoalId),
          ),
        ),
    );
  const [row] = rowsOf<{ recorded: boolean }>(
    await tx.execute(sql`SELECT ${ofStudentSessions(dataPoints)} OR ${ofStudentSessions(pointObservations)} AS recorded`),
  );
  return row?.recorded === true;
}
