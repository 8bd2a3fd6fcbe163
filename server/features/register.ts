import type { FastifyInstance } from 'fastify';
import type { RacedConstraint } from '../lib/db-errors';
import * as accounts from './accounts/routes';
import * as audit from './audit/routes';
import * as calendar from './calendar/routes';
import * as classrooms from './classrooms/routes';
import * as collector from './collector/routes';
import * as dashboards from './dashboards/routes';
import * as departments from './departments/routes';
import * as enrollments from './enrollments/routes';
import * as goalGraphs from './goal-graphs/routes';
import * as goalsLibrary from './goals-library/routes';
import * as sessionHistory from './session-history/routes';
import * as studentRecord from './student-record/routes';
import * as invitations from './invitations/routes';
import * as memberships from './memberships/routes';
import * as organizations from './organizations/routes';
import * as people from './people/routes';
import * as profile from './profile/routes';
import * as programs from './programs/routes';
import * as roles from './roles/routes';
import * as scheduling from './scheduling/routes';
import * as services from './services/routes';
import * as workspace from './workspace/routes';

interface ServerFeature {
  routes(app: FastifyInstance): void;
  UNIQUE_CONSTRAINTS?: Readonly<Record<string, RacedConstraint>>;
}

/** Every server feature, one line each (a structure test fails when a feature folder is missing here). */
const FEATURES: readonly ServerFeature[] = [
  accounts,
  audit,
  calendar,
  classrooms,
  collector,
  dashboards,
  departments,
  enrollments,
  goalGraphs,
  goalsLibrary,
  sessionHistory,
  studentRecord,
  invitations,
  memberships,
  organizations,
  people,
  profile,
  programs,
  roles,
  scheduling,
  services,
  workspace,
];

/** Every feature's routes, registered from the contract. */
export function registerFeatures(app: FastifyInstance) {
  for (const feature of FEATURES) {
    feature.routes(app);
  }
}

/** The sentence for each unique constraint a person can run into, from the feature that owns the table. */
export const RACED_UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = Object.assign(
  {},
  ...FEATURES.map((feature) => feature.UNIQUE_CONSTRAINTS ?? {}),
);
