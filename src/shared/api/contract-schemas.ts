// The app's one door to the contract's schemas (and so to zod), loaded with the first API call that
// needs them (calls.ts). The import order matters: zod is configured before any schema is built.
import './zod-config';
import type * as Contract from '../../../contract/index';

export type Features = typeof Contract;

/**
 * One line per contract module, each loaded when its feature's first call needs it: a screen
 * downloads the schemas of the calls it makes, the collector never the admin screens'. Typed
 * against contract/index.ts, so a contract module without its line here does not compile. This map
 * sits here rather than in calls.ts to keep its import table off the collector's start-up path.
 */
export const FEATURE_CONTRACTS: { [F in keyof Features]: () => Promise<Features[F]> } = {
  accounts: () => import('../../../contract/accounts'),
  audit: () => import('../../../contract/audit'),
  calendar: () => import('../../../contract/calendar'),
  classrooms: () => import('../../../contract/classrooms'),
  collector: () => import('../../../contract/collector'),
  dashboards: () => import('../../../contract/dashboards'),
  departments: () => import('../../../contract/departments'),
  enrollments: () => import('../../../contract/enrollments'),
  goalGraphs: () => import('../../../contract/goal-graphs'),
  goalsLibrary: () => import('../../../contract/goals-library'),
  sessionHistory: () => import('../../../contract/session-history'),
  studentRecord: () => import('../../../contract/student-record'),
  memberships: () => import('../../../contract/memberships'),
  invitations: () => import('../../../contract/invitations'),
  organizations: () => import('../../../contract/organizations'),
  people: () => import('../../../contract/people'),
  profile: () => import('../../../contract/profile'),
  programs: () => import('../../../contract/programs'),
  roles: () => import('../../../contract/roles'),
  scheduling: () => import('../../../contract/scheduling'),
  schedulingDesk: () => import('../../../contract/scheduling-desk'),
  services: () => import('../../../contract/services'),
  workspace: () => import('../../../contract/workspace'),
};
