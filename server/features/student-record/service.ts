/**
 * A student's record, the page every place that names a student links to (GET
 * …/student-record/organization/{orgId}/students/{studentId}/):
 * - the student must be one the caller reaches (a therapist: the students assigned to them): 404
 *   otherwise, as for another organization's student, so existence never leaks;
 * - the parts the student's privacy-role template (or, without one, the caller's keys) opens decide
 *   what is sent: goals and their data only when `goals_and_data` is open (else `goals` is null and
 *   the answer names the part closed), the birth date only when `identity` is; placements and
 *   enrollment status are what People and the departments already show the same reader;
 * - each goal carries a summary of its data from `sessionResults`, the one read of results;
 * - opening the record is on the trail: who, whose, and the parts they opened;
 * - `can` says what the caller may change here, by the keys the calls themselves check.
 */
import { STUDENT_PARTS } from '../../../contract/enrollment-templates';
import type { StudentRecord } from '../../../contract/student-record';
import type { PermissionKey } from '../../../contract/http';
import { notFound } from '../../lib/app-error';
import type { StudentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { partsOfStudents, recordOpened, requireStudent } from '../../lib/access';
import { goalSpans, sessionResults } from '../../lib/session-results';
import { goalsOfStudent, presentGoal } from '../goals-library';
import * as repo from './repository';
import { presentDepartments, presentPerson, presentPlacements, summarize } from './present';

const may = (ctx: RequestContext, key: PermissionKey) => ctx.org.access.isOwner || ctx.org.access.permissions.has(key);

export async function getStudentRecord(ctx: RequestContext, studentId: StudentId): Promise<StudentRecord> {
  const person = await repo.selectPerson(ctx.tx, ctx.org.id, studentId);
  if (!person) {
    throw notFound('Student');
  }
  await requireStudent(ctx, studentId);
  const open = (await partsOfStudents(ctx, [studentId])).get(studentId) ?? [];
  const [departments, placements, goals] = [
    await repo.selectDepartments(ctx.tx, ctx.org.id, studentId),
    await repo.selectProgramsAndClassroom(ctx.tx, ctx.org.id, studentId),
    open.includes('goals_and_data') ? await goalsWithSummaries(ctx, studentId) : null,
  ];
  await recordOpened(ctx, studentId, open);
  return {
    ...presentPerson(person, open.includes('identity')),
    departments: presentDepartments(departments),
    ...presentPlacements(placements),
    goals,
    parts: { open, closed: STUDENT_PARTS.filter((p) => !open.includes(p)) },
    can: {
      manage_goals: may(ctx, 'goals.manage') && open.includes('goals_and_data'),
      manage_departments: may(ctx, 'departments.manage'),
      manage_programs: may(ctx, 'programs.manage'),
      manage_classroom: may(ctx, 'classrooms.manage'),
    },
  };
}

async function goalsWithSummaries(ctx: RequestContext, studentId: StudentId): Promise<StudentRecord['goals']> {
  const goals = await goalsOfStudent(ctx, studentId);
  const spans = new Map((await goalSpans(ctx.tx, ctx.org.id, studentId)).map((span) => [span.goal_id, span]));
  const lastSessions = [...new Set([...spans.values()].map((span) => span.last_session_id))];
  const results = await sessionResults(ctx.tx, ctx.org.id, { sessionIds: lastSessions, goalIds: [...spans.keys()] });
  const latest = (goalId: string) =>
    results.find((r) => r.goal_id === goalId && r.sub_goal_id === null && r.session_id === spans.get(goalId)?.last_session_id);
  return goals.map((g) => ({ ...presentGoal(g), summary: summarize(g, spans.get(g.id)?.sessions ?? 0, latest(g.id)) }));
}
