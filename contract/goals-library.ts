import { z } from 'zod';
import { atMost, id, orgCode, range, text, wholeNumber } from './fields';
import { goalsLibrary as route } from './routes';
import { defineCall, Ok } from './http';
import { CollectorGoal, Measurement } from './collector';
import { LIMITS } from './limits';
import { GoalStatus, MasteryCriterion, TargetStatus } from './mastery';

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

// ---- giving a student goals (the owner's desk): goals.manage, and the student's goals and data open ----

const GoalParams = z.object({ orgId: id(), goalId: id() });
const GoalTitle = text().trim().min(1, 'Give the goal a title.').max(LIMITS.goalTitleMax, atMost(LIMITS.goalTitleMax));
const TargetTitle = text().trim().min(1, 'Give the target a title.').max(LIMITS.goalTitleMax, atMost(LIMITS.goalTitleMax));
const GoalMeasurement = z.enum(Measurement.options, 'Choose discrete trials, frequency or duration.');
const trialsAllowed = `Use a whole number ${range(1, LIMITS.plannedTrialsMax)}.`;
const PromptHierarchy = z
  .array(text().trim().min(1, 'Name each prompt level.').max(40, atMost(40)))
  .min(1, 'Give at least one prompt level.')
  .max(12, 'Give at most 12 prompt levels.')
  .describe('Prompt levels, most to least intrusive; the default ladder when left out');
const PERCENT_MEASURES: readonly string[] = ['percent_correct', 'percent_independent'];
/**
 * A criterion as a goal takes it: a whole-number threshold (80 %, 2 per hour, 10 minutes, as clinics
 * write them), a percentage at most 100. Which measure fits the goal is the server's check.
 */
const GoalCriterion = MasteryCriterion.refine((c) => Number.isInteger(c.threshold), {
  message: 'Give the threshold as a whole number.',
  path: ['threshold'],
}).refine((c) => !PERCENT_MEASURES.includes(c.measure) || c.threshold <= 100, {
  message: 'A percentage is at most 100.',
  path: ['threshold'],
});
const GoalFields = z.object({
  title: GoalTitle,
  description: text().trim().max(LIMITS.goalDescriptionMax, atMost(LIMITS.goalDescriptionMax)).optional(),
  measurement: GoalMeasurement.optional().describe('discrete: scored trials; frequency: a count; duration: a timed span'),
  planned_trials: wholeNumber(1, LIMITS.plannedTrialsMax, trialsAllowed)
    .optional()
    .describe('Trials (or observations) planned per session; 10 when left out'),
  domain: text()
    .trim()
    .max(LIMITS.goalDomainMax, atMost(LIMITS.goalDomainMax))
    .optional()
    .describe('The area of the plan (communication, self-care…); empty for none'),
  status: GoalStatus.optional().describe('in_treatment when left out; a change follows the allowed moves (docs/goals.md)'),
  targets_in_sequence: z.boolean('Say yes or no.').optional().describe('Targets taught one at a time, in order, rather than all together'),
  prompt_hierarchy: PromptHierarchy.optional(),
  mastery_criterion: GoalCriterion.nullable()
    .optional()
    .describe("When the goal (each target on its own) counts as mastered; null for none. Its measure fits the goal's measurement"),
});

export const CreateAssignedGoalBody = GoalFields.extend({
  student_id: id(),
  department_id: id().describe('A department the student is in'),
  membership_id: id().nullable().optional().describe('The responsible therapist (an active therapist membership)'),
  sub_goals: z
    .array(TargetTitle)
    .max(LIMITS.subGoalsMax, `A goal has at most ${LIMITS.subGoalsMax} targets.`)
    .optional()
    .describe('Target (sub-goal) titles, in order'),
});

export const createAssignedGoal = defineCall(route.createAssignedGoal, {
  summary: "Give a student a goal in one of their departments (refused when the student's goals and data are closed to the caller)",
  access: { kind: 'org', permission: 'goals.manage' },
  params: z.object({ orgId: id() }),
  body: CreateAssignedGoalBody,
  response: AssignedGoal,
  status: 201,
});

export const UpdateAssignedGoalBody = GoalFields.partial();

export const updateAssignedGoal = defineCall(route.updateAssignedGoal, {
  summary: 'Change a goal (not its student or department); its measurement stays once data is recorded',
  access: { kind: 'org', permission: 'goals.manage' },
  params: GoalParams,
  body: UpdateAssignedGoalBody,
  response: AssignedGoal,
});

export const deleteAssignedGoal = defineCall(route.deleteAssignedGoal, {
  summary: 'Delete a goal with its targets; refused (409) once any data point is recorded for it (discontinue it instead)',
  access: { kind: 'org', permission: 'goals.manage' },
  params: GoalParams,
  response: Ok,
});

export const addSubGoal = defineCall(route.addSubGoal, {
  summary: "Add a target at the end of a goal's targets; answers the goal",
  access: { kind: 'org', permission: 'goals.manage' },
  params: GoalParams,
  body: z.object({ title: TargetTitle }),
  response: AssignedGoal,
  status: 201,
});

export const UpdateSubGoalBody = z.object({
  title: TargetTitle.optional(),
  position: z
    .number('Give the position as a whole number.')
    .int('Give the position as a whole number.')
    .min(0, 'The first position is 0.')
    .max(LIMITS.subGoalsMax - 1, `Use a position from 0 to ${LIMITS.subGoalsMax - 1}.`)
    .optional()
    .describe("The target's place among the goal's targets, from 0 (first); a position past the last moves it last"),
  status: TargetStatus.optional().describe('upcoming, active (taught now) or maintenance (mastered, probed now and then)'),
});

export const updateSubGoal = defineCall(route.updateSubGoal, {
  summary: "Rename a target, move it among the goal's targets or set its status by hand; answers the goal",
  access: { kind: 'org', permission: 'goals.manage' },
  params: GoalParams.extend({ subGoalId: id() }),
  body: UpdateSubGoalBody,
  response: AssignedGoal,
});

export const removeSubGoal = defineCall(route.removeSubGoal, {
  summary: 'Remove a target; refused (409) once any data point is recorded for it',
  access: { kind: 'org', permission: 'goals.manage' },
  params: GoalParams.extend({ subGoalId: id() }),
  response: Ok,
});
