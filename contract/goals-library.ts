import { z } from 'zod';
import { id, orgCode, text } from './fields';
import { goalsLibrary as route } from './routes';
import { defineCall } from './http';
import { CollectorGoal } from './collector';

/** An assigned goal as the collector caches it (no session data). */
export const AssignedGoal = CollectorGoal.omit({ data: true }).extend({ student_id: z.uuid(), department_id: z.uuid() });
export type AssignedGoal = z.infer<typeof AssignedGoal>;

const StudentIds = text()
  .max(100_000)
  .optional()
  .transform((s, ctx) => {
    const ids = (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (ids.some((value) => !id().safeParse(value).success)) {
      ctx.addIssue({ code: 'custom', message: 'student_ids must be a comma-separated list of ids.' });
    }
    return ids;
  });

export const departmentAssignedGoals = defineCall(route.departmentAssignedGoals, {
  summary: 'Goals assigned in a department to the given students',
  // A student's assigned goals are part of their record: goals.view alone (the goal libraries) is not enough.
  access: { kind: 'org', permission: 'students.records' },
  params: z.object({ orgCode: orgCode(), id: id(), deptId: id() }),
  query: z.object({ student_ids: StudentIds }),
  response: z.object({ results: z.array(AssignedGoal) }),
});

export const organizationAssignedGoals = defineCall(route.organizationAssignedGoals, {
  summary: "Goals assigned to students in the organization (optionally only some students')",
  access: { kind: 'org', permission: 'students.records' },
  params: z.object({ orgId: id() }),
  query: z.object({ student_ids: StudentIds }),
  response: z.object({ results: z.array(AssignedGoal) }),
});
