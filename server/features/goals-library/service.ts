/**
 * Assigned goals and their sub-goals, the collector's targets (spec §3 "Collector session",
 * §7 "Goals library" assigned-goals and "Tenant management" .../departments/{deptId}/assigned-goals/).
 *
 * Rules:
 * - A goal is assigned to a student *in a department*: the student must have been placed in that
 *   department (404 for another organization's student or department, 400 when not placed).
 * - The responsible therapist (membershipId) is optional; when given it is an active therapist
 *   membership of the organization.
 * - title: trimmed, 1–200 characters. measurement: discrete (trials), frequency (count) or duration
 *   (timed). planned_trials: an integer 1–200, default 10 (for frequency/duration goals: planned
 *   observations). prompt_hierarchy: 1–12 distinct non-empty levels, most to least intrusive;
 *   default DEFAULT_PROMPT_HIERARCHY.
 * - Sub-goals (targets): 0–50 per goal, titles trimmed, 1–200 characters, distinct within the goal
 *   regardless of case; kept in `position` order, appended at the end.
 * - A therapist's view of a department (spec: memberships/{id}/departments/{deptId}/assigned-goals/
 *   ?student_ids) shows the goals of the students assigned to that membership in that department,
 *   narrowed to student_ids when given.
 */
import { inTenant, type TenantScope, type Tx } from '../../db/handles';
import { DEFAULT_PROMPT_HIERARCHY } from '../../db/schema/goals';
import { AppError, notFound } from '../../lib/app-error';
import type { OrgAccess } from '../../plugins/auth';
import { newId, type OrganizationId } from '../../lib/ids';
import { assignedStudentIds } from '../../lib/student-visibility';
import * as repo from './repository';

export type SubGoal = repo.SubGoalRow;
export type AssignedGoal = repo.GoalRow & { subGoals: SubGoal[] };

export const MEASUREMENTS = ['discrete', 'frequency', 'duration'] as const;
export type Measurement = (typeof MEASUREMENTS)[number];
export const GOAL_LIMITS = {
  titleMax: 200,
  descriptionMax: 4000,
  plannedTrialsMin: 1,
  plannedTrialsMax: 200,
  promptLevelsMax: 12,
  promptLevelMax: 40,
  subGoalsMax: 50,
} as const;

export interface AssignGoalInput {
  studentId: string;
  departmentId: string;
  membershipId?: string | null;
  title: string;
  description?: string;
  measurement?: Measurement;
  plannedTrials?: number;
  promptHierarchy?: string[];
  /** Sub-goal (target) titles, in order. */
  subGoals?: string[];
}

export async function assignGoal(db: TenantScope, organizationId: OrganizationId, input: AssignGoalInput): Promise<AssignedGoal> {
  const title = checkTitle(input.title, 'title');
  const description = (input.description ?? '').trim().slice(0, GOAL_LIMITS.descriptionMax);
  const measurement = checkMeasurement(input.measurement ?? 'discrete');
  const plannedTrials = checkPlannedTrials(input.plannedTrials ?? 10);
  const promptHierarchy = checkPromptHierarchy(input.promptHierarchy ?? [...DEFAULT_PROMPT_HIERARCHY]);
  const targets = checkSubGoalTitles(input.subGoals ?? []);
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findStudent(tx, organizationId, input.studentId))) {
      throw notFound('Student');
    }
    if (!(await repo.findDepartment(tx, organizationId, input.departmentId))) {
      throw notFound('Department');
    }
    if (!(await repo.isStudentInDepartment(tx, organizationId, input.departmentId, input.studentId))) {
      throw new AppError('VALIDATION_FAILED', 'The student is not in this department.', {
        department_id: ['Add the student to the department first.'],
      });
    }
    const membershipId = input.membershipId ?? null;
    if (membershipId !== null) {
      await requireTherapist(tx, organizationId, membershipId);
    }
    const goal = await repo.insertGoal(tx, organizationId, {
      id: newId(),
      studentId: input.studentId,
      departmentId: input.departmentId,
      membershipId,
      title,
      description,
      measurement,
      plannedTrials,
      promptHierarchy,
    });
    const subGoals = await repo.insertSubGoals(
      tx,
      organizationId,
      targets.map((t, position) => ({ id: newId(), goalId: goal.id, title: t, position })),
    );
    return { ...goal, subGoals };
  });
}

export async function getAssignedGoal(db: TenantScope, organizationId: OrganizationId, goalId: string): Promise<AssignedGoal> {
  return inTenant(db, organizationId, async (tx) => {
    const goal = await repo.findGoal(tx, organizationId, goalId);
    if (!goal) {
      throw notFound('Goal');
    }
    return { ...goal, subGoals: await repo.selectSubGoals(tx, organizationId, [goal.id]) };
  });
}

/** Goals of the organization (spec: GET organization/{orgId}/assigned-goals/), narrowed by the filters given. */
export async function listAssignedGoals(
  db: TenantScope,
  organizationId: OrganizationId,
  filter: { studentIds?: string[]; departmentId?: string; membershipId?: string } = {},
): Promise<AssignedGoal[]> {
  return inTenant(db, organizationId, (tx) => goalsWithSubGoals(tx, organizationId, filter));
}

/**
 * The organization's goals as this member may read them, narrowed to studentIds when given:
 * therapists (no goals.manage, no members.view) read only the goals of students assigned to them;
 * owners and staff read the organization's.
 */
export async function listReadableGoals(tx: Tx, org: OrgAccess, studentIds: string[] | undefined): Promise<AssignedGoal[]> {
  let wanted = studentIds;
  if (!org.isOwner && !org.permissions.has('goals.manage') && !org.permissions.has('members.view')) {
    const mine = new Set(org.membershipId ? await assignedStudentIds(tx, org.organizationId, org.membershipId) : []);
    wanted = (wanted ?? [...mine]).filter((id) => mine.has(id));
    if (wanted.length === 0) {
      return [];
    }
  }
  return goalsWithSubGoals(tx, org.organizationId, wanted ? { studentIds: wanted } : {});
}

/** A therapist's goals in one department (spec: memberships/{id}/departments/{deptId}/assigned-goals/?student_ids). */
export async function listTherapistDepartmentGoals(
  db: TenantScope,
  organizationId: OrganizationId,
  input: { membershipId: string; departmentId: string; studentIds?: string[] },
): Promise<AssignedGoal[]> {
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findMembership(tx, organizationId, input.membershipId))) {
      throw notFound('Membership');
    }
    if (!(await repo.findDepartment(tx, organizationId, input.departmentId))) {
      throw notFound('Department');
    }
    let studentIds = await assignedStudentIds(tx, organizationId, input.membershipId, input.departmentId);
    if (input.studentIds !== undefined) {
      const wanted = new Set(input.studentIds);
      studentIds = studentIds.filter((id) => wanted.has(id));
    }
    if (studentIds.length === 0) {
      return [];
    }
    return goalsWithSubGoals(tx, organizationId, { studentIds, departmentId: input.departmentId });
  });
}

export interface UpdateGoalInput {
  title?: string;
  description?: string;
  measurement?: Measurement;
  plannedTrials?: number;
  promptHierarchy?: string[];
  membershipId?: string | null;
}

export async function updateAssignedGoal(
  db: TenantScope,
  organizationId: OrganizationId,
  goalId: string,
  patch: UpdateGoalInput,
): Promise<AssignedGoal> {
  const set = {
    ...(patch.title !== undefined ? { title: checkTitle(patch.title, 'title') } : {}),
    ...(patch.description !== undefined ? { description: patch.description.trim().slice(0, GOAL_LIMITS.descriptionMax) } : {}),
    ...(patch.measurement !== undefined ? { measurement: checkMeasurement(patch.measurement) } : {}),
    ...(patch.plannedTrials !== undefined ? { plannedTrials: checkPlannedTrials(patch.plannedTrials) } : {}),
    ...(patch.promptHierarchy !== undefined ? { promptHierarchy: checkPromptHierarchy(patch.promptHierarchy) } : {}),
    ...(patch.membershipId !== undefined ? { membershipId: patch.membershipId } : {}),
  };
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findGoal(tx, organizationId, goalId))) {
      throw notFound('Goal');
    }
    if (patch.membershipId) {
      await requireTherapist(tx, organizationId, patch.membershipId);
    }
    const goal =
      Object.keys(set).length > 0
        ? await repo.updateGoalRow(tx, organizationId, goalId, set)
        : await repo.findGoal(tx, organizationId, goalId);
    return { ...goal!, subGoals: await repo.selectSubGoals(tx, organizationId, [goalId]) };
  });
}

export async function deleteAssignedGoal(db: TenantScope, organizationId: OrganizationId, goalId: string): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    if (!(await repo.deleteGoalRow(tx, organizationId, goalId))) {
      throw notFound('Goal');
    }
  });
}

// ---- sub-goals (targets) -----------------------------------------------------------------------

export async function addSubGoal(db: TenantScope, organizationId: OrganizationId, goalId: string, title: string): Promise<SubGoal> {
  const clean = checkTitle(title, 'title');
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findGoal(tx, organizationId, goalId))) {
      throw notFound('Goal');
    }
    const existing = await repo.selectSubGoals(tx, organizationId, [goalId]);
    checkSubGoalTitles([...existing.map((s) => s.title), clean]);
    const [created] = await repo.insertSubGoals(tx, organizationId, [
      { id: newId(), goalId, title: clean, position: await repo.nextSubGoalPosition(tx, organizationId, goalId) },
    ]);
    return created!;
  });
}

export async function renameSubGoal(db: TenantScope, organizationId: OrganizationId, subGoalId: string, title: string): Promise<SubGoal> {
  const clean = checkTitle(title, 'title');
  return inTenant(db, organizationId, async (tx) => {
    const current = await repo.findSubGoal(tx, organizationId, subGoalId);
    if (!current) {
      throw notFound('Sub-goal');
    }
    const siblings = (await repo.selectSubGoals(tx, organizationId, [current.goalId])).filter((s) => s.id !== subGoalId);
    checkSubGoalTitles([...siblings.map((s) => s.title), clean]);
    return (await repo.updateSubGoalRow(tx, organizationId, subGoalId, { title: clean }))!;
  });
}

export async function removeSubGoal(db: TenantScope, organizationId: OrganizationId, subGoalId: string): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    if (!(await repo.deleteSubGoalRow(tx, organizationId, subGoalId))) {
      throw notFound('Sub-goal');
    }
  });
}

/** Sets the order of a goal's sub-goals; the list must name each of them exactly once. */
export async function reorderSubGoals(
  db: TenantScope,
  organizationId: OrganizationId,
  goalId: string,
  orderedIds: string[],
): Promise<SubGoal[]> {
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findGoal(tx, organizationId, goalId))) {
      throw notFound('Goal');
    }
    const current = await repo.selectSubGoals(tx, organizationId, [goalId]);
    const ids = new Set(current.map((s) => s.id));
    if (orderedIds.length !== ids.size || new Set(orderedIds).size !== ids.size || orderedIds.some((id) => !ids.has(id))) {
      throw new AppError('VALIDATION_FAILED', 'List every sub-goal of the goal exactly once.', {
        ordered_sub_goal_ids: ['List every sub-goal of the goal exactly once.'],
      });
    }
    for (const [position, id] of orderedIds.entries()) {
      await repo.updateSubGoalRow(tx, organizationId, id, { position });
    }
    return repo.selectSubGoals(tx, organizationId, [goalId]);
  });
}

// ---- helpers -----------------------------------------------------------------------------------

async function goalsWithSubGoals(
  tx: Tx,
  organizationId: OrganizationId,
  filter: Parameters<typeof repo.selectGoals>[2],
): Promise<AssignedGoal[]> {
  const goals = await repo.selectGoals(tx, organizationId, filter);
  const subs = await repo.selectSubGoals(
    tx,
    organizationId,
    goals.map((g) => g.id),
  );
  return goals.map((g) => ({ ...g, subGoals: subs.filter((s) => s.goalId === g.id) }));
}

async function requireTherapist(tx: Tx, organizationId: OrganizationId, membershipId: string) {
  const membership = await repo.findMembership(tx, organizationId, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.role !== 'therapist' || membership.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', 'Choose an active therapist.', { membership_id: ['Choose an active therapist.'] });
  }
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: [message] });

function checkTitle(value: string, field: string): string {
  const title = value.trim();
  if (title === '' || title.length > GOAL_LIMITS.titleMax) {
    throw invalid(field, `Use 1 to ${GOAL_LIMITS.titleMax} characters.`);
  }
  return title;
}

function checkMeasurement(value: string): Measurement {
  if (!(MEASUREMENTS as readonly string[]).includes(value)) {
    throw invalid('measurement', `Use one of: ${MEASUREMENTS.join(', ')}.`);
  }
  return value as Measurement;
}

function checkPlannedTrials(value: number): number {
  if (!Number.isInteger(value) || value < GOAL_LIMITS.plannedTrialsMin || value > GOAL_LIMITS.plannedTrialsMax) {
    throw invalid('planned_trials', `Use a whole number from ${GOAL_LIMITS.plannedTrialsMin} to ${GOAL_LIMITS.plannedTrialsMax}.`);
  }
  return value;
}

function checkPromptHierarchy(levels: string[]): string[] {
  const clean = levels.map((l) => l.trim());
  if (
    clean.length === 0 ||
    clean.length > GOAL_LIMITS.promptLevelsMax ||
    clean.some((l) => l === '' || l.length > GOAL_LIMITS.promptLevelMax) ||
    new Set(clean).size !== clean.length
  ) {
    throw invalid('prompt_hierarchy', `Give 1 to ${GOAL_LIMITS.promptLevelsMax} distinct prompt levels.`);
  }
  return clean;
}

function checkSubGoalTitles(titles: string[]): string[] {
  if (titles.length > GOAL_LIMITS.subGoalsMax) {
    throw invalid('sub_goals', `A goal has at most ${GOAL_LIMITS.subGoalsMax} sub-goals.`);
  }
  const clean = titles.map((t) => checkTitle(t, 'sub_goals'));
  if (new Set(clean.map((t) => t.toLowerCase())).size !== clean.length) {
    throw invalid('sub_goals', 'Each sub-goal of a goal needs a different title.');
  }
  return clean;
}
