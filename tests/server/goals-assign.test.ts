/**
 * Giving a student goals from the desk: create, change and delete a goal, add and remove its targets,
 * through app.inject. Who may (goals.manage), whose (another organization's ids answer 404), the
 * student's privacy-role template (closed goals and data: 403), recorded data that never vanishes
 * (409), bad input that writes nothing (400), and the trail.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auditTrail } from '../../server/db/schema/audit';
import { assignedGoals } from '../../server/db/schema/goals';
import { createMember } from '../factories/accounts';
import {
  call,
  describeServer,
  newKey,
  placeStudent,
  stamp,
  trialPoint,
  useCollectorWorld,
  type Actor,
  type Placement,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const goalsAt = (orgId: string = w.org.id) => `/api/theragoals/organization/${orgId}/assigned-goals`;
const CLOSED = "Your role does not open this student's goals and data.";

/** A member of org A whose own role holds goals.manage and students.records, and nothing of templates. */
const manager = {} as Actor & { roleId: string };
/** A student of the world's therapist whose privacy template opens only identity to the manager's role. */
let closedStudent: Placement;

async function withRole(keys: string[]) {
  const owner = w.org.owner;
  const role = await call(t, owner, 'POST', `/api/tenant-management/organization/${w.org.id}/roles/`, {
    body: { name: `Goal keepers ${randomUUID().slice(0, 8)}`, permission_keys: keys },
  });
  expect(role.statusCode, role.body).toBe(201);
  const member = await createMember(t, w.org.id, 'staff');
  const given = await t.app.inject({
    method: 'PATCH',
    url: `/api/tenant-management/organization/${w.org.code}/memberships/${member.membershipId}/role/`,
    headers: { cookie: owner.cookie },
    payload: { role_id: json(role).id },
  });
  expect(given.statusCode, given.body).toBe(200);
  return {
    userId: member.id,
    email: member.email,
    cookie: member.cookie,
    membershipId: member.membershipId,
    roleId: json(role).id as string,
  };
}

async function closeGoalsTo(roleId: string, placement: Placement) {
  const owner = w.org.owner;
  const at = `/api/tenant-management/enrollment/organization/${w.org.code}`;
  const template = await call(t, owner, 'POST', `${at}/privacy-roles/`, {
    body: { name: `Identity only ${randomUUID().slice(0, 8)}`, rules: [{ role_id: roleId, parts: ['identity'] }] },
  });
  expect(template.statusCode, template.body).toBe(201);
  const list = json(await call(t, owner, 'GET', `${at}/enrollments/`, { query: { page_size: '100' } }));
  const enrollment = list.results.find((e: { student: { id: string } }) => e.student.id === placement.studentId);
  const put = await t.app.inject({
    method: 'PUT',
    url: `${at}/enrollments/${enrollment.id}/`,
    headers: { cookie: owner.cookie },
    payload: { privacy_and_role_template: json(template).id, departments: [placement.departmentId] },
  });
  expect(put.statusCode, put.body).toBe(200);
}

beforeAll(async () => {
  Object.assign(manager, await withRole(['goals.manage', 'students.records']));
  closedStudent = await placeStudent(t, w.org, w.therapist);
  await closeGoalsTo(manager.roleId, closedStudent);
}, 120_000);

const goalBody = (placement: Placement = w.placement) => ({
  student_id: placement.studentId,
  department_id: placement.departmentId,
  title: ' Names colours ',
  measurement: 'discrete',
  planned_trials: 8,
  sub_goals: ['red', 'blue'],
});
const create = (actor: Pick<Actor, 'cookie'>, body: object, orgId?: string) => call(t, actor, 'POST', `${goalsAt(orgId)}/`, { body });
const goalsOfOrg = async (orgId = w.org.id) =>
  (await t.database.db.select().from(assignedGoals).where(eq(assignedGoals.organizationId, orgId))).length;
const trailOf = (goalId: string) =>
  t.database.db
    .select({ action: auditTrail.action, entity: auditTrail.entity })
    .from(auditTrail)
    .where(and(eq(auditTrail.organizationId, w.org.id), eq(auditTrail.entityId, goalId)));

describeServer('giving a student goals', () => {
  it('creates a goal with its targets (201, as the list presents it) and puts it on the trail', async () => {
    const res = await create(w.org.owner, goalBody());
    expect(res.statusCode, res.body).toBe(201);
    const goal = json(res);
    expect(goal).toMatchObject({
      student_id: w.placement.studentId,
      department_id: w.placement.departmentId,
      title: 'Names colours',
      measurement: 'discrete',
      planned_trials: 8,
      sub_goals: [
        { title: 'red', position: 0 },
        { title: 'blue', position: 1 },
      ],
    });
    const listed = json(await call(t, w.org.owner, 'GET', `${goalsAt()}/`, { query: { student_ids: w.placement.studentId } })).results.find(
      (g: { goal_id: string }) => g.goal_id === goal.goal_id,
    );
    expect(listed).toEqual(goal);
    expect(await trailOf(goal.goal_id)).toEqual([{ action: 'create', entity: 'goal' }]);
  });

  it('refuses bad input with sentences on its fields and writes nothing', async () => {
    const before = await goalsOfOrg();
    const bad = await create(w.org.owner, { ...goalBody(), title: '  ', planned_trials: 0, measurement: 'vibes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['measurement', 'planned_trials', 'title']);
    const twice = await create(w.org.owner, { ...goalBody(), sub_goals: ['Red', 'red'] });
    expect(twice.statusCode).toBe(400);
    expect(json(twice).errors.sub_goals).toEqual(['Each sub-goal of a goal needs a different title.']);
    const elsewhere = await create(w.org.owner, { ...goalBody(), department_id: w.other.placement.departmentId });
    expect(elsewhere.statusCode).toBe(400);
    expect(json(elsewhere).errors.department_id).toEqual(['Add the student to the department first.']);
    expect(await goalsOfOrg()).toBe(before);
  });

  it("answers 404 for another organization's student, department, goal or target, and changes nothing", async () => {
    const before = await goalsOfOrg(w.orgB.org.id);
    const b = w.orgB.placement;
    expect((await create(w.org.owner, { ...goalBody(), student_id: b.studentId })).statusCode).toBe(404);
    expect((await create(w.org.owner, { ...goalBody(), department_id: b.departmentId })).statusCode).toBe(404);
    const goalB = b.goals.discrete;
    expect((await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goalB.id}/`, { body: { title: 'Mine now' } })).statusCode).toBe(404);
    expect((await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goalB.id}/`)).statusCode).toBe(404);
    expect((await call(t, w.org.owner, 'POST', `${goalsAt()}/${goalB.id}/sub-goals/`, { body: { title: 'x' } })).statusCode).toBe(404);
    const ownGoal = w.placement.goals.discrete.id;
    const foreignTarget = goalB.subGoalIds[0]!;
    expect((await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${ownGoal}/sub-goals/${foreignTarget}/`)).statusCode).toBe(404);
    // Org B's owner naming org A in the path is not a member there.
    expect((await create(w.orgB.org.owner, goalBody())).statusCode).toBe(404);
    expect(await goalsOfOrg(w.orgB.org.id)).toBe(before);
  });

  it('refuses a therapist without goals.manage (403) for every write', async () => {
    const goal = w.placement.goals.frequency.id;
    for (const res of [
      await create(w.therapist, goalBody()),
      await call(t, w.therapist, 'PATCH', `${goalsAt()}/${goal}/`, { body: { title: 'Mine' } }),
      await call(t, w.therapist, 'DELETE', `${goalsAt()}/${goal}/`),
      await call(t, w.therapist, 'POST', `${goalsAt()}/${goal}/sub-goals/`, { body: { title: 'x' } }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res).code).toBe('FORBIDDEN');
    }
  });

  it("refuses writing the goals of a student whose template closes goals and data to the caller's role (403)", async () => {
    const expectClosed = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res)).toMatchObject({ code: 'RECORD_PART_CLOSED', detail: CLOSED });
    };
    const before = await goalsOfOrg();
    expectClosed(await create(manager, goalBody(closedStudent)));
    const goal = closedStudent.goals.duration.id;
    expectClosed(await call(t, manager, 'PATCH', `${goalsAt()}/${goal}/`, { body: { title: 'Changed' } }));
    expectClosed(await call(t, manager, 'DELETE', `${goalsAt()}/${goal}/`));
    expectClosed(await call(t, manager, 'POST', `${goalsAt()}/${goal}/sub-goals/`, { body: { title: 'x' } }));
    expect(await goalsOfOrg()).toBe(before);
    // The same role writes a student whose enrollment names no template (its keys open goals and data).
    expect((await create(manager, goalBody(w.other.placement))).statusCode).toBe(201);
    // The owner opens every part, template or not.
    expect((await create(w.org.owner, goalBody(closedStudent))).statusCode).toBe(201);
  });

  it('changes a goal’s title, trials and measurement, but not its student; the trail keeps before and after', async () => {
    const goal = json(await create(w.org.owner, goalBody()));
    const res = await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, {
      body: { title: 'Names primary colours', planned_trials: 12, measurement: 'frequency', student_id: w.other.placement.studentId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      title: 'Names primary colours',
      planned_trials: 12,
      measurement: 'frequency',
      student_id: w.placement.studentId,
    });
    const bad = await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, { body: { planned_trials: 500 } });
    expect(bad.statusCode).toBe(400);
    expect(await trailOf(goal.goal_id)).toEqual([
      { action: 'create', entity: 'goal' },
      { action: 'update', entity: 'goal' },
    ]);
  });

  it('sets and clears a mastery criterion; a criterion out of range is refused and writes nothing', async () => {
    const goal = json(await create(w.org.owner, goalBody()));
    const criterion = { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 2 };
    const set = await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, { body: { mastery_criterion: criterion } });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set).mastery_criterion).toEqual(criterion);
    const bad = await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, {
      body: { mastery_criterion: { ...criterion, sessions: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors['mastery_criterion.sessions']).toEqual(['Use a whole number from 1 to 20.']);
    const [stored] = await t.database.db.select().from(assignedGoals).where(eq(assignedGoals.id, goal.goal_id));
    expect(stored!.masteryCriterion).toEqual(criterion);
    const cleared = await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, { body: { mastery_criterion: null } });
    expect(json(cleared).mastery_criterion).toBeNull();
  });

  it('adds and removes targets; deletes a goal without data ({ ok: true }) with its targets', async () => {
    const goal = json(await create(w.org.owner, goalBody()));
    const added = await call(t, w.org.owner, 'POST', `${goalsAt()}/${goal.goal_id}/sub-goals/`, { body: { title: 'green' } });
    expect(added.statusCode, added.body).toBe(201);
    expect(json(added).sub_goals.map((s: { title: string }) => s.title)).toEqual(['red', 'blue', 'green']);
    const again = await call(t, w.org.owner, 'POST', `${goalsAt()}/${goal.goal_id}/sub-goals/`, { body: { title: 'GREEN' } });
    expect(again.statusCode).toBe(400);
    const red = goal.sub_goals[0].id as string;
    const removed = await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/sub-goals/${red}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json(removed)).toEqual({ ok: true });
    const deleted = await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(deleted)).toEqual({ ok: true });
    expect((await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/`)).statusCode).toBe(404);
    expect((await trailOf(goal.goal_id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('refuses (409) deleting a goal or target with recorded points, or changing its measurement; the data stays', async () => {
    const goal = json(await create(w.org.owner, goalBody()));
    const [red, blue] = goal.sub_goals.map((s: { id: string }) => s.id) as [string, string];
    const recorded = await call(t, w.therapist, 'POST', `/api/collector/sessions/${w.session.id}/points/`, {
      body: { points: [trialPoint(goal.goal_id, red, 1, 'correct', stamp())] },
      key: newKey(),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const refused = await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toBe(
      'This goal already has recorded data, so it cannot be deleted: discontinue it instead (Retire), and its data stays on the record.',
    );
    const target = await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/sub-goals/${red}/`);
    expect(target.statusCode).toBe(409);
    const measured = await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, { body: { measurement: 'duration' } });
    expect(measured.statusCode).toBe(409);
    // A target nothing was recorded for still goes; the title still changes.
    expect((await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/sub-goals/${blue}/`)).statusCode).toBe(200);
    expect((await call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goal.goal_id}/`, { body: { title: 'Colours' } })).statusCode).toBe(200);
    const kept = json(await call(t, w.org.owner, 'GET', `${goalsAt()}/`, { query: { student_ids: w.placement.studentId } }));
    expect(kept.results.find((g: { goal_id: string }) => g.goal_id === goal.goal_id)).toMatchObject({
      title: 'Colours',
      measurement: 'discrete',
      sub_goals: [{ id: red }],
    });
  });
});
