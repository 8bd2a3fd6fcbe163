import { LIMITS } from '../../../contract/limits';
import type { MasteryCriterion, MasteryMeasure } from '../../../contract/mastery';
import { AppError, notFound } from '../../lib/app-error';
import type { MembershipId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import * as repo from './repository';

// The values a goal and its sub-goals may hold (the rules are listed in service.ts), checked before
// anything is written: a refused value answers 400 on its field.

export const MEASUREMENTS = ['discrete', 'frequency', 'duration'] as const;
export type Measurement = (typeof MEASUREMENTS)[number];
export const GOAL_LIMITS = {
  titleMax: LIMITS.goalTitleMax,
  descriptionMax: LIMITS.goalDescriptionMax,
  plannedTrialsMin: 1,
  plannedTrialsMax: LIMITS.plannedTrialsMax,
  promptLevelsMax: 12,
  promptLevelMax: 40,
  subGoalsMax: LIMITS.subGoalsMax,
  domainMax: LIMITS.goalDomainMax,
} as const;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: [message] });

export function checkTitle(value: string, field: string): string {
  const title = value.trim();
  if (title === '' || title.length > GOAL_LIMITS.titleMax) {
    throw invalid(field, `Use 1 to ${GOAL_LIMITS.titleMax} characters.`);
  }
  return title;
}

export const cleanDescription = (value: string): string => value.trim().slice(0, GOAL_LIMITS.descriptionMax);

export function checkMeasurement(value: string): Measurement {
  if (!(MEASUREMENTS as readonly string[]).includes(value)) {
    throw invalid('measurement', `Use one of: ${MEASUREMENTS.join(', ')}.`);
  }
  return value as Measurement;
}

export function checkPlannedTrials(value: number): number {
  if (!Number.isInteger(value) || value < GOAL_LIMITS.plannedTrialsMin || value > GOAL_LIMITS.plannedTrialsMax) {
    throw invalid('planned_trials', `Use a whole number from ${GOAL_LIMITS.plannedTrialsMin} to ${GOAL_LIMITS.plannedTrialsMax}.`);
  }
  return value;
}

export function checkPromptHierarchy(levels: string[]): string[] {
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

export function checkSubGoalTitles(titles: string[]): string[] {
  if (titles.length > GOAL_LIMITS.subGoalsMax) {
    throw invalid('sub_goals', `A goal has at most ${GOAL_LIMITS.subGoalsMax} sub-goals.`);
  }
  const clean = titles.map((t) => checkTitle(t, 'sub_goals'));
  if (new Set(clean.map((t) => t.toLowerCase())).size !== clean.length) {
    throw invalid('sub_goals', 'Each sub-goal of a goal needs a different title.');
  }
  return clean;
}

export function checkDomain(value: string): string {
  const domain = value.trim();
  if (domain.length > GOAL_LIMITS.domainMax) {
    throw invalid('domain', `Use at most ${GOAL_LIMITS.domainMax} characters.`);
  }
  return domain;
}

/** Which goals each measure of a criterion reads: a percentage needs scored trials, a count a frequency goal. */
const CRITERION_FITS: Record<MasteryMeasure, { measurement: Measurement; words: string }> = {
  percent_correct: { measurement: 'discrete', words: 'A percentage criterion needs a goal scored in trials.' },
  percent_independent: { measurement: 'discrete', words: 'A percentage criterion needs a goal scored in trials.' },
  count_per_hour: { measurement: 'frequency', words: 'A count criterion needs a frequency goal.' },
  count_per_session: { measurement: 'frequency', words: 'A count criterion needs a frequency goal.' },
  duration_minutes: { measurement: 'duration', words: 'A minutes criterion needs a duration goal.' },
};

/** A criterion that fits the goal's measurement (null: none); its own ranges are the contract's. */
export function checkCriterion(criterion: MasteryCriterion | null, measurement: Measurement): MasteryCriterion | null {
  if (criterion === null) {
    return null;
  }
  const fit = CRITERION_FITS[criterion.measure];
  if (fit.measurement !== measurement) {
    throw invalid('mastery_criterion', fit.words);
  }
  if (fit.measurement === 'discrete' && criterion.threshold > 100) {
    throw invalid('mastery_criterion', 'A percentage is at most 100.');
  }
  return criterion;
}

/** The responsible therapist: an active therapist of the organization (404 for another organization's). */
export async function requireTherapist(ctx: RequestContext, membershipId: MembershipId): Promise<void> {
  const membership = await repo.findMembership(ctx.tx, ctx.org.id, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.role !== 'therapist' || membership.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', 'Choose an active therapist.', { membership_id: ['Choose an active therapist.'] });
  }
}
