/**
 * The student's record through app.inject: who the student is, their enrollment, placements with the
 * therapists there, goals with a data summary; a therapist's scope (assigned 200, not assigned 404),
 * another organization's student 404; a privacy-role template that closes goals and data leaves them
 * out and says so; the opening is on the trail.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auditTrail } from '../../server/db/schema/audit';
import { roles } from '../../server/db/schema/organizations';
import { StudentRecord } from '../../contract/student-record';
import {
  call,
  describeServer,
  newKey,
  placeStudent,
  scheduleFor,
  stamp,
  trialPoint,
  useCollectorWorld,
  type Placement,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const recordOf = (studentId: string, orgId: string = w.org.id) => `/api/student-record/organization/${orgId}/students/${studentId}/`;

/** A second student of the world's therapist, whose privacy template opens only identity to therapists. */
let closed: Placement;

async function closeGoalsToTherapists(placement: Placement) {
  const owner = w.org.owner;
  const [therapistRole] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, w.org.id), eq(roles.defaultFor, 'therapist')));
  const at = `/api/tenant-management/enrollment/organization/${w.org.code}`;
  const template = await call(t, owner, 'POST', `${at}/privacy-roles/`, {
    body: { name: `Identity only ${randomUUID().slice(0, 8)}`, rules: [{ role_id: therapistRole!.id, parts: ['identity'] }] },
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
  closed = await placeStudent(t, w.org, w.therapist);
  await closeGoalsToTherapists(closed);
  // Two sessions of data on the discrete goal: 2 of 2 correct, then 1 of 2 (prompted counts as correct).
  const goal = w.placement.goals.discrete;
  const later = await scheduleFor(t, w.org, w.therapist, w.placement);
  for (const [session, outcomes] of [
    [w.session, ['correct', 'correct']],
    [later, ['incorrect', 'prompted']],
  ] as const) {
    const points = outcomes.map((outcome, i) => trialPoint(goal.id, goal.subGoalIds[0]!, i + 1, outcome, stamp()));
    const res = await call(t, w.therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, { body: { points }, key: newKey() });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);

describeServer("the student's record", () => {
  it('answers the owner with the student, enrollment, placements, therapists and goals with their summaries', async () => {
    const res = await call(t, w.org.owner, 'GET', recordOf(w.placement.studentId));
    expect(res.statusCode, res.body).toBe(200);
    const record = StudentRecord.parse(json(res));
    expect(record.student.id).toBe(w.placement.studentId);
    expect(record.enrollment).toMatchObject({ org_status: 'active', is_archived: false });
    expect(record.departments).toEqual([
      {
        id: w.placement.departmentId,
        name: w.placement.departmentName,
        department_student_id: expect.any(String),
        therapists: [{ assignment_id: expect.any(String), membership_id: w.therapist.membershipId, name: expect.any(String) }],
      },
    ]);
    expect(record.programs).toEqual([]);
    expect(record.classroom).toBeNull();
    expect(record.goals!.map((g) => g.title).sort()).toEqual(['Greets peers', 'Imitates actions', 'Sits at the table']);
    const discrete = record.goals!.find((g) => g.goal_id === w.placement.goals.discrete.id)!;
    expect(discrete.summary).toEqual({
      sessions_with_data: 2,
      last_session_at: expect.any(String),
      last_result: 50,
      measure: 'percent_correct',
    });
    expect(record.goals!.find((g) => g.goal_id === w.placement.goals.frequency.id)!.summary).toEqual({
      sessions_with_data: 0,
      last_session_at: null,
      last_result: null,
      measure: 'count_per_session',
    });
    expect(record.parts).toEqual({ open: ['identity', 'medical', 'education', 'family', 'goals_and_data'], closed: [] });
    expect(record.can).toEqual({ manage_goals: true, manage_departments: true, manage_programs: true, manage_classroom: true });
  });

  it("reaches a therapist's own students only: assigned 200, another therapist's 404, another organization's 404", async () => {
    const own = await call(t, w.therapist, 'GET', recordOf(w.placement.studentId));
    expect(own.statusCode, own.body).toBe(200);
    expect(json(own).can).toEqual({ manage_goals: false, manage_departments: false, manage_programs: false, manage_classroom: false });
    expect((await call(t, w.therapist, 'GET', recordOf(w.other.placement.studentId))).statusCode).toBe(404);
    expect((await call(t, w.org.owner, 'GET', recordOf(w.orgB.placement.studentId))).statusCode).toBe(404);
    expect((await call(t, w.orgB.org.owner, 'GET', recordOf(w.placement.studentId, w.orgB.org.id))).statusCode).toBe(404);
    expect((await call(t, w.org.owner, 'GET', recordOf(randomUUID()))).statusCode).toBe(404);
  });

  it('leaves goals and data out when the template closes them to the role, says so, and trails the opening', async () => {
    const res = await call(t, w.therapist, 'GET', recordOf(closed.studentId));
    expect(res.statusCode, res.body).toBe(200);
    const record = StudentRecord.parse(json(res));
    expect(record.goals).toBeNull();
    expect(res.body).not.toContain(closed.goals.discrete.id);
    expect(res.body).not.toContain('Imitates actions');
    expect(record.parts).toEqual({ open: ['identity'], closed: ['medical', 'education', 'family', 'goals_and_data'] });
    const [opened] = await t.database.db
      .select({
        action: auditTrail.action,
        entity: auditTrail.entity,
        userId: auditTrail.userId,
        call: auditTrail.call,
        changes: auditTrail.changes,
      })
      .from(auditTrail)
      .where(and(eq(auditTrail.organizationId, w.org.id), eq(auditTrail.entityId, closed.studentId), eq(auditTrail.action, 'read')))
      .orderBy(desc(auditTrail.id))
      .limit(1);
    expect(opened).toMatchObject({ action: 'read', entity: 'student', userId: w.therapist.userId, call: 'studentRecord.getStudentRecord' });
    expect(JSON.stringify(opened!.changes)).toContain('identity');
    expect(JSON.stringify(opened!.changes)).not.toContain('goals_and_data');
  });
});
