import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { users } from '../../server/db/schema/accounts';
import { auditTrail } from '../../server/db/schema/audit';
import { organizations } from '../../server/db/schema/organizations';
import { DEFAULT_PROMPT_HIERARCHY } from '../../server/db/schema/goals';
import {
  asDepartmentId,
  asOrganizationId,
  asUserId,
  newId,
  type DepartmentId,
  type MembershipId,
  type OrganizationId,
  type StudentId,
  type UserId,
} from '../../server/lib/ids';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import * as goals from '../../server/features/goals-library/service';
import * as subGoals from '../../server/features/goals-library/service-sub-goals';
import { createDepartment } from '../../server/features/departments/service';
import { addDepartmentStudent, assignTherapist } from '../../server/features/departments/service-students';
import { asOwner } from '../helpers/system-context';
import type { RequestContext } from '../../server/lib/request-context';
import { addMembership } from '../../server/features/memberships/service-admin';
import { createStudent } from '../../server/features/enrollments/service';

let database: Database;
const a = {
  org: '' as OrganizationId,
  dept: '' as DepartmentId,
  student: '' as StudentId,
  other: '' as StudentId,
  therapist: '' as MembershipId,
  therapist2: '' as MembershipId,
  staff: '' as MembershipId,
};
const b = { org: '' as OrganizationId, dept: '' as DepartmentId, student: '' as StudentId };

const member = (organizationId: OrganizationId, userId: UserId, role: 'therapist' | 'staff') =>
  asOwner(database, organizationId, (ctx) => addMembership(ctx, { userId, role }));

async function user(userType: 'ORG' | 'THE', firstName: string) {
  const id = asUserId(newId());
  await database.db
    .insert(users)
    .values({ id, email: `${id}@test.example`, passwordHash: 'not-a-hash', userType, firstName, lastName: 'Test' });
  return id;
}
async function organization(name: string) {
  const id = asOrganizationId(newId());
  await database.db
    .insert(organizations)
    .values({ id, code: id.slice(-8).toUpperCase(), name, kind: 'school', ownerUserId: await user('ORG', 'Owner') });
  return id;
}

beforeAll(async () => {
  if (postgresMissing) {
    return; // the suites below are reported as skipped
  }
  database = await openTestDatabase();
  a.org = await organization('A');
  b.org = await organization('B');
  a.dept = asDepartmentId((await asOwner(database, a.org, (ctx) => createDepartment(ctx, { name: 'Speech' }))).id);
  b.dept = asDepartmentId((await asOwner(database, b.org, (ctx) => createDepartment(ctx, { name: 'Speech' }))).id);
  a.student = (await asOwner(database, a.org, (ctx) => createStudent(ctx, { firstName: 'Leo', lastName: 'A' }))).id;
  a.other = (await asOwner(database, a.org, (ctx) => createStudent(ctx, { firstName: 'Ava', lastName: 'A' }))).id;
  b.student = (await asOwner(database, b.org, (ctx) => createStudent(ctx, { firstName: 'Noah', lastName: 'B' }))).id;
  a.therapist = (await member(a.org, await user('THE', 'Tara'), 'therapist')).id;
  a.therapist2 = (await member(a.org, await user('THE', 'Tom'), 'therapist')).id;
  a.staff = (await member(a.org, await user('THE', 'Sam'), 'staff')).id;
  await asOwner(database, a.org, async (ctx) => {
    await assignTherapist(ctx, (await addDepartmentStudent(ctx, a.dept, a.student)).id, a.therapist);
    await assignTherapist(ctx, (await addDepartmentStudent(ctx, a.dept, a.other)).id, a.therapist2);
  });
  await asOwner(database, b.org, (ctx) => addDepartmentStudent(ctx, b.dept, b.student));
}, 120_000);

/** Runs a service call as the owner of organization A (or B), in one tenant transaction of it. */
const inA = <T>(fn: (ctx: RequestContext) => Promise<T>) => asOwner(database, a.org, fn);
const inB = <T>(fn: (ctx: RequestContext) => Promise<T>) => asOwner(database, b.org, fn);

afterAll(async () => {
  await database?.close();
});

describeServer('assigned goals', () => {
  it('assigns a goal with ordered targets and the default prompt hierarchy', async () => {
    const goal = await inA((ctx) =>
      goals.assignGoal(ctx, {
        studentId: a.student,
        departmentId: a.dept,
        membershipId: a.therapist,
        title: ' Requests preferred items using 2-word phrases ',
        subGoals: ['more + item', 'want + item', 'my turn'],
      }),
    );
    expect(goal).toMatchObject({
      organizationId: a.org,
      title: 'Requests preferred items using 2-word phrases',
      measurement: 'discrete',
      plannedTrials: 10,
      promptHierarchy: DEFAULT_PROMPT_HIERARCHY,
    });
    expect(goal.subGoals.map((s) => [s.title, s.position])).toEqual([
      ['more + item', 0],
      ['want + item', 1],
      ['my turn', 2],
    ]);
    expect(await inA((ctx) => goals.getAssignedGoal(ctx, goal.id))).toEqual(goal);
  });

  it("refuses a goal for another organization's student or department, and hides goals across organizations", async () => {
    await expect(
      inA((ctx) => goals.assignGoal(ctx, { studentId: b.student, departmentId: a.dept, title: 'Cross', subGoals: [] })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      inA((ctx) => goals.assignGoal(ctx, { studentId: a.student, departmentId: b.dept, title: 'Cross', subGoals: [] })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Calling in B with A's ids finds nothing either.
    await expect(
      inB((ctx) => goals.assignGoal(ctx, { studentId: a.student, departmentId: b.dept, title: 'Cross', subGoals: [] })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const own = await inA((ctx) => goals.assignGoal(ctx, { studentId: a.student, departmentId: a.dept, title: 'Own goal' }));
    await expect(inB((ctx) => goals.getAssignedGoal(ctx, own.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inB((ctx) => goals.updateAssignedGoal(ctx, own.id, { title: 'Taken over' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inB((ctx) => goals.deleteAssignedGoal(ctx, own.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await inB((ctx) => goals.listReadableGoals(ctx, [a.student]))).toEqual([]);
    expect((await inA((ctx) => goals.getAssignedGoal(ctx, own.id))).title).toBe('Own goal');
  });

  it('refuses a student not placed in the department, bad values, and a non-therapist owner of the goal', async () => {
    const unplaced = (await asOwner(database, a.org, (ctx) => createStudent(ctx, { firstName: 'Mia', lastName: 'A' }))).id;
    const base = { studentId: a.student, departmentId: a.dept, title: 'Valid title' };
    const cases: [goals.AssignGoalInput, string][] = [
      [{ ...base, studentId: unplaced }, 'department_id'],
      [{ ...base, title: '   ' }, 'title'],
      [{ ...base, plannedTrials: 0 }, 'planned_trials'],
      [{ ...base, plannedTrials: 2.5 }, 'planned_trials'],
      [{ ...base, promptHierarchy: [] }, 'prompt_hierarchy'],
      [{ ...base, promptHierarchy: ['model', 'model'] }, 'prompt_hierarchy'],
      [{ ...base, subGoals: ['red', 'Red'] }, 'sub_goals'],
      [{ ...base, membershipId: a.staff }, 'membership_id'],
      [{ ...base, measurement: 'rate' as goals.Measurement }, 'measurement'],
    ];
    for (const [input, field] of cases) {
      await expect(inA((ctx) => goals.assignGoal(ctx, input))).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { [field]: expect.any(Array) },
      });
    }
    expect((await inA((ctx) => goals.listReadableGoals(ctx, [unplaced]))).length).toBe(0);
  });

  it('shows a therapist the goals of their own students in a department, narrowed by student ids', async () => {
    const mine = await inA((ctx) =>
      goals.assignGoal(ctx, {
        studentId: a.student,
        departmentId: a.dept,
        title: 'Mine',
        measurement: 'frequency',
      }),
    );
    const theirs = await inA((ctx) =>
      goals.assignGoal(ctx, {
        studentId: a.other,
        departmentId: a.dept,
        title: 'Theirs',
        measurement: 'duration',
      }),
    );
    const view = await inA((ctx) => goals.listTherapistDepartmentGoals(ctx, { membershipId: a.therapist, departmentId: a.dept }));
    expect(view.map((g) => g.id)).toContain(mine.id);
    expect(view.map((g) => g.id)).not.toContain(theirs.id);
    expect(view.every((g) => g.studentId === a.student)).toBe(true);
    const narrowed = await inA((ctx) =>
      goals.listTherapistDepartmentGoals(ctx, {
        membershipId: a.therapist2,
        departmentId: a.dept,
        studentIds: [a.student],
      }),
    );
    expect(narrowed).toEqual([]);
    await expect(
      inB((ctx) => goals.listTherapistDepartmentGoals(ctx, { membershipId: a.therapist, departmentId: b.dept })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('adds, renames, reorders and removes targets, keeping titles distinct', async () => {
    const goal = await inA((ctx) =>
      goals.assignGoal(ctx, {
        studentId: a.student,
        departmentId: a.dept,
        title: 'Colors',
        subGoals: ['red', 'blue'],
      }),
    );
    const green = await inA((ctx) => subGoals.addSubGoal(ctx, goal.id, 'green'));
    expect(green.position).toBe(2);
    await expect(inA((ctx) => subGoals.addSubGoal(ctx, goal.id, 'RED'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(inA((ctx) => subGoals.renameSubGoal(ctx, green.id, 'Blue'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await inA((ctx) => subGoals.renameSubGoal(ctx, green.id, 'yellow'));
    const [red, blue] = goal.subGoals as [goals.SubGoal, goals.SubGoal];
    const reordered = await inA((ctx) => subGoals.reorderSubGoals(ctx, goal.id, [green.id, red.id, blue.id]));
    expect(reordered.map((s) => s.title)).toEqual(['yellow', 'red', 'blue']);
    await expect(inA((ctx) => subGoals.reorderSubGoals(ctx, goal.id, [green.id, red.id]))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(inB((ctx) => subGoals.removeSubGoal(ctx, red.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await inA((ctx) => subGoals.removeSubGoal(ctx, red.id));
    expect((await inA((ctx) => goals.getAssignedGoal(ctx, goal.id))).subGoals.map((s) => s.title)).toEqual(['yellow', 'blue']);
  });

  it('updates a goal and checks the new values', async () => {
    const goal = await inA((ctx) => goals.assignGoal(ctx, { studentId: a.student, departmentId: a.dept, title: 'Before' }));
    const updated = await inA((ctx) =>
      goals.updateAssignedGoal(ctx, goal.id, {
        title: 'After',
        plannedTrials: 20,
        promptHierarchy: ['model', 'independent'],
        membershipId: a.therapist,
      }),
    );
    expect(updated).toMatchObject({
      title: 'After',
      plannedTrials: 20,
      promptHierarchy: ['model', 'independent'],
      membershipId: a.therapist,
    });
    await expect(inA((ctx) => goals.updateAssignedGoal(ctx, goal.id, { plannedTrials: 500 }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await inA((ctx) => goals.deleteAssignedGoal(ctx, goal.id));
    await expect(inA((ctx) => goals.getAssignedGoal(ctx, goal.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('records each goal and sub-goal write on the trail, as the owner who made it', async () => {
    const goal = await inA((ctx) =>
      goals.assignGoal(ctx, { studentId: a.student, departmentId: a.dept, title: 'Trailed', subGoals: ['one', 'two'] }),
    );
    const [one, two] = goal.subGoals as [goals.SubGoal, goals.SubGoal];
    await inA((ctx) => goals.updateAssignedGoal(ctx, goal.id, { plannedTrials: 12 }));
    await inA((ctx) => goals.updateAssignedGoal(ctx, goal.id, { plannedTrials: 12 })); // no change: no row
    await inA((ctx) => subGoals.reorderSubGoals(ctx, goal.id, [two.id, one.id]));
    await inA((ctx) => goals.deleteAssignedGoal(ctx, goal.id));
    const rows = await database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.organizationId, a.org), inArray(auditTrail.entityId, [goal.id, one.id, two.id])))
      .orderBy(asc(auditTrail.id));
    expect(rows.map((r) => `${r.action} ${r.entity} ${r.entityId === goal.id ? 'goal' : r.entityId === one.id ? 'one' : 'two'}`)).toEqual([
      'create goal goal',
      'create sub_goal one',
      'create sub_goal two',
      'update goal goal',
      'update sub_goal two', // in their new order
      'update sub_goal one',
      'delete sub_goal two',
      'delete sub_goal one',
      'delete goal goal',
    ]);
    expect(rows[0]).toMatchObject({ call: 'tests.fixture', scope: { student: a.student }, changes: { title: [null, 'Trailed'] } });
    expect(rows[3]!.changes).toEqual({ planned_trials: [10, 12] });
    expect(rows[4]).toMatchObject({ scope: { goal: goal.id }, changes: { position: [1, 0] } });
  });
});
