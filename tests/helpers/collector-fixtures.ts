/**
 * Fixtures for the collector, scheduling, workspace and therapist-read server tests: organizations
 * with their owners, therapist memberships, a department with a student and assigned goals
 * (discrete with sub-goals, frequency, duration), scheduled sessions, and signed-in cookies.
 *
 * Rows are made through the domain services (as the demo seed does); people sign in through the
 * real POST /api/users/auth/login/ and carry the `thera_sid` cookie. Every name and e-mail is
 * unique, so a file can share one database across its tests and count rows per organization.
 */
import { randomUUID } from 'node:crypto';
import {
  asDepartmentId,
  asSessionId,
  type DepartmentId,
  type MembershipId,
  type OrganizationId,
  type SessionId,
  type StudentId,
  type UserId,
} from '../../server/lib/ids';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { createMember, createOwner } from '../factories/accounts';
import { createStudent, enrollStudent } from '../../server/features/enrollments/service';
import { createDepartment } from '../../server/features/departments/service';
import { addDepartmentStudent, assignTherapist } from '../../server/features/departments/service-students';
import { asOwner } from './system-context';
import { assignGoal } from '../../server/features/goals-library/service';
import { scheduleSessions } from '../../server/features/scheduling';
import { dataPoints, idempotencyRecords, sessionFocus, trialStates } from '../../server/db/schema/collector';
import { therasessions } from '../../server/db/schema/scheduling';
import { workspaceUsages } from '../../server/db/schema/workspace';

export type { TestApp } from './test-app';
export { describeServer } from './test-app';

/** The app on this project's fresh database (PGlite template copy, or a new PostgreSQL database). */
export const openCollectorApp = (): Promise<TestApp> => createTestApp();

/**
 * One app and one world (createWorld) per test file: built in beforeAll, closed in afterAll. Read
 * their fields inside tests and hooks (they are filled in when beforeAll has run); a file's own
 * rows go in a beforeAll of its own, registered after this call.
 */
export function useCollectorWorld(): { t: TestApp; w: World } {
  const t = {} as TestApp;
  const w = {} as World;
  beforeAll(async () => {
    Object.assign(t, await openCollectorApp());
    Object.assign(w, await createWorld(t));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return { t, w };
}

// ---- people and organizations ---------------------------------------------------------------------

let counter = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}-${randomUUID().slice(0, 6)}`;

export interface Actor {
  userId: UserId;
  email: string;
  /** `thera_sid=…`, ready for a Cookie header. */
  cookie: string;
  /** The therapist membership (null for an owner). */
  membershipId: MembershipId | null;
}

export interface Org {
  id: OrganizationId;
  code: string;
  owner: Actor;
}

/** A new organization with its ORG owner, signed in through the API. */
export async function createOrganization(t: TestApp): Promise<Org> {
  const owner = await createOwner(t);
  return {
    id: owner.organizationId!,
    code: owner.organizationCode!,
    owner: { userId: owner.id, email: owner.email, cookie: owner.cookie, membershipId: null },
  };
}

/** A THE user with an active therapist membership in the organization, signed in (active org = this one). */
export async function addTherapist(t: TestApp, org: Pick<Org, 'id'>): Promise<Actor> {
  const member = await createMember(t, org.id, 'therapist');
  return { userId: member.id, email: member.email, cookie: member.cookie, membershipId: member.membershipId };
}

/** A staff member (sessions.manage, members.view by default), signed in. */
export async function addStaff(t: TestApp, org: Pick<Org, 'id'>): Promise<Actor> {
  const member = await createMember(t, org.id, 'staff');
  return { userId: member.id, email: member.email, cookie: member.cookie, membershipId: member.membershipId };
}

// ---- students, goals, sessions --------------------------------------------------------------------

export interface Goals {
  discrete: { id: string; subGoalIds: string[] };
  frequency: { id: string };
  duration: { id: string };
}

export interface Placement {
  departmentId: DepartmentId;
  departmentName: string;
  studentId: StudentId;
  goals: Goals;
}

/** A department holding an enrolled student with the therapist assigned, and three goals of each measurement. */
export async function placeStudent(
  t: TestApp,
  org: Pick<Org, 'id'>,
  therapist: Actor,
  options: { departmentId?: DepartmentId } = {},
): Promise<Placement> {
  const departmentName = unique('Department');
  const departmentId =
    options.departmentId ??
    asDepartmentId((await asOwner(t.database, org.id, (ctx) => createDepartment(ctx, { name: departmentName }))).id);
  const student = await asOwner(t.database, org.id, (ctx) => createStudent(ctx, { firstName: 'Student', lastName: unique('s') }));
  await asOwner(t.database, org.id, (ctx) => enrollStudent(ctx, { studentId: student.id }));
  await asOwner(t.database, org.id, async (ctx) =>
    assignTherapist(ctx, (await addDepartmentStudent(ctx, departmentId, student.id)).id, therapist.membershipId!),
  );
  const base = { studentId: student.id, departmentId, membershipId: therapist.membershipId, plannedTrials: 10 };
  const { discrete, frequency, duration } = await asOwner(t.database, org.id, async (ctx) => ({
    discrete: await assignGoal(ctx, {
      ...base,
      title: 'Imitates actions',
      measurement: 'discrete',
      promptHierarchy: ['full physical', 'partial physical', 'model', 'gestural', 'verbal', 'independent'],
      subGoals: ['clap hands', 'arms up'],
    }),
    frequency: await assignGoal(ctx, { ...base, title: 'Greets peers', measurement: 'frequency' }),
    duration: await assignGoal(ctx, { ...base, title: 'Sits at the table', measurement: 'duration' }),
  }));
  return {
    departmentId,
    departmentName,
    studentId: student.id,
    goals: {
      discrete: { id: discrete.id, subGoalIds: discrete.subGoals.map((s) => s.id) },
      frequency: { id: frequency.id },
      duration: { id: duration.id },
    },
  };
}

export interface ScheduledSession {
  id: SessionId;
  startAt: Date;
  endAt: Date;
}

// Far-future, one-hour slots handed out in order: no therapist is ever double-booked by a fixture.
let slot = 0;
const SLOT_BASE = Date.parse('2031-01-06T08:00:00Z');

export async function scheduleFor(
  t: TestApp,
  org: Pick<Org, 'id'>,
  therapist: Actor,
  placement: Pick<Placement, 'studentId' | 'departmentId'>,
  options: { startAt?: Date; minutes?: number } = {},
): Promise<ScheduledSession> {
  const startAt = options.startAt ?? new Date(SLOT_BASE + (slot += 1) * 3600_000);
  const endAt = new Date(startAt.getTime() + (options.minutes ?? 45) * 60_000);
  const [created] = await asOwner(t.database, org.id, (ctx) =>
    scheduleSessions(ctx, [
      {
        therapistMembershipId: therapist.membershipId!,
        studentId: placement.studentId,
        departmentId: placement.departmentId,
        startAt,
        endAt,
      },
    ]),
  );
  return { id: created!.id, startAt, endAt };
}

export interface World {
  org: Org;
  therapist: Actor;
  placement: Placement;
  session: ScheduledSession;
  /** A second therapist of the same organization with their own student and session. */
  other: { therapist: Actor; placement: Placement; session: ScheduledSession };
  /** Another organization: its owner, a therapist, a student and a session. */
  orgB: { org: Org; therapist: Actor; placement: Placement; session: ScheduledSession };
}

/** Everything a collector test needs, in two organizations. */
export async function createWorld(t: TestApp): Promise<World> {
  const org = await createOrganization(t);
  const therapist = await addTherapist(t, org);
  const placement = await placeStudent(t, org, therapist);
  const session = await scheduleFor(t, org, therapist, placement);
  const otherTherapist = await addTherapist(t, org);
  const otherPlacement = await placeStudent(t, org, otherTherapist);
  const otherSession = await scheduleFor(t, org, otherTherapist, otherPlacement);
  const orgB = await createOrganization(t);
  const therapistB = await addTherapist(t, orgB);
  const placementB = await placeStudent(t, orgB, therapistB);
  const sessionB = await scheduleFor(t, orgB, therapistB, placementB);
  return {
    org,
    therapist,
    placement,
    session,
    other: { therapist: otherTherapist, placement: otherPlacement, session: otherSession },
    orgB: { org: orgB, therapist: therapistB, placement: placementB, session: sessionB },
  };
}

/** A new scheduled session for the world's therapist and student (tests that change a session take their own). */
export const freshSession = (t: TestApp, w: World, options: { startAt?: Date; minutes?: number } = {}) =>
  scheduleFor(t, w.org, w.therapist, w.placement, options);

/**
 * Everyone who must not reach org A's session (or usage, or membership) with the query they'd use:
 * org B's therapist naming org A, org B's therapist in their own org (A's ids under B's tenancy),
 * org B's owner naming org A, and another therapist of org A.
 */
export const outsidersOf = (w: World): [string, Actor, Record<string, string> | undefined][] => [
  ['org B therapist naming org A', w.orgB.therapist, { organization_id: w.org.id }],
  ['org B therapist in their own org', w.orgB.therapist, undefined],
  ['org B owner naming org A', w.orgB.org.owner, { organization_id: w.org.id }],
  ['another therapist of org A', w.other.therapist, undefined],
];

// ---- calls ---------------------------------------------------------------------------------------

export interface CallOptions {
  body?: unknown;
  key?: string;
  query?: Record<string, string>;
}

/** One request as `actor`, with an optional Idempotency-Key. */
export function call(
  t: TestApp,
  actor: Pick<Actor, 'cookie'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export const newKey = () => `key-${randomUUID()}`;

// ---- points --------------------------------------------------------------------------------------

export const DEVICE = 'tablet-0001';
let seq = 0;
/** A write stamp; later calls make newer stamps unless `at` says otherwise. */
export function stamp(at?: string | Date, device = DEVICE, deviceSeq?: number) {
  const recorded = at === undefined ? new Date(Date.parse('2031-01-01T00:00:00Z') + (seq += 1) * 1000) : new Date(at);
  return { recorded_at: recorded.toISOString(), device_id: device, device_seq: deviceSeq ?? (seq += 1) };
}

export function trialPoint(
  goalId: string,
  subGoalId: string | null,
  trialNo: number,
  outcome: 'correct' | 'incorrect' | 'prompted' | 'no_response',
  at?: ReturnType<typeof stamp>,
) {
  return {
    id: randomUUID(),
    goal_id: goalId,
    sub_goal_id: subGoalId,
    trial_no: trialNo,
    kind: 'trial' as const,
    outcome,
    prompt_level: outcome === 'prompted' ? 'model' : null,
    count: null,
    duration_ms: null,
    ...(at ?? stamp()),
  };
}

// ---- reading the database as its owner (what was really written) -------------------------------
// A test holds a session's id as an answer gave it: it is named a session's here, where it meets the schema.

export const pointsOf = (t: TestApp, organizationId: OrganizationId, sessionId: string) =>
  t.database.db
    .select()
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.sessionId, asSessionId(sessionId))))
    .orderBy(dataPoints.goalId, dataPoints.subGoalId, dataPoints.trialNo);

export const trialStatesOf = (t: TestApp, organizationId: OrganizationId, sessionId: string) =>
  t.database.db
    .select()
    .from(trialStates)
    .where(and(eq(trialStates.organizationId, organizationId), eq(trialStates.sessionId, asSessionId(sessionId))));

export const focusRowsOf = (t: TestApp, organizationId: OrganizationId, sessionId: string) =>
  t.database.db
    .select()
    .from(sessionFocus)
    .where(and(eq(sessionFocus.organizationId, organizationId), eq(sessionFocus.sessionId, asSessionId(sessionId))));

export const sessionRow = async (t: TestApp, organizationId: OrganizationId, sessionId: string) =>
  (
    await t.database.db
      .select()
      .from(therasessions)
      .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.id, asSessionId(sessionId))))
  )[0];

export const sessionsOfOrg = (t: TestApp, organizationId: OrganizationId) =>
  t.database.db.select().from(therasessions).where(eq(therasessions.organizationId, organizationId));

export const usagesOf = (t: TestApp, organizationId: OrganizationId) =>
  t.database.db.select().from(workspaceUsages).where(eq(workspaceUsages.organizationId, organizationId));

export const idempotencyRecordsOf = (t: TestApp, userId: UserId) =>
  t.database.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.userId, userId));
