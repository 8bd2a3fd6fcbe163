/**
 * The demo's collected data: six weeks of past sessions for each placed student, run as a tablet
 * runs them (started, points sent, ended with a note, through the scheduling and collector services),
 * so the record's screens (history, graphs, caseload) have something real to show. Trials follow a
 * learning curve (most goals rise past 80 % correct, one stays flat), prompts fade from physical to
 * verbal, greetings grow more frequent and attention spans longer. Most sessions end with a note;
 * every ninth does not, so the caseload's "no note" filter finds some. One trial was recorded by two
 * tablets (a conflict) and one corrected the day after. Deterministic: the "noise" is a seeded
 * generator, so every seed tells the same story relative to its day.
 *
 * Past sessions reach the services today, so the server would take today as their start and end
 * (device times older than a week are not trusted). The seed then moves those receipt times back to
 * the device's times, as if each session had synced when it ran.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import type { DepartmentId, MembershipId, OrganizationId, SessionId, StudentId, UserId } from '../lib/ids';
import { rowsOf } from '../db/handles';
import { endSession, scheduleSessions, startSession } from '../features/scheduling';
import { correctPoint, upsertPoints } from '../features/collector';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../lib/time-zones';
import { systemContext, type RequestContext } from '../lib/request-context';
import { notesFor, pointsFor, type DemoGoal, type Draw, type PointRow } from './demo-history-points';

export interface HistoryPlacement {
  organizationId: OrganizationId;
  departmentId: DepartmentId;
  studentId: StudentId;
  membershipId: MembershipId;
}

/** Two weekdays (0 = Monday) and a local time per placement, so nobody is double-booked. */
export interface HistorySlot {
  placed: HistoryPlacement;
  days: [number, number];
  time: string;
}

const WEEKS = 6;
const MINUTES = 45;

/** A small seeded generator (mulberry32): the same seed draws the same numbers. */
export function seeded(seed: number): Draw {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Planned {
  id: SessionId;
  slot: HistorySlot;
  startAt: Date;
  index: number;
  of: number;
}

async function goalsOf(ctx: RequestContext, p: HistoryPlacement): Promise<DemoGoal[]> {
  return rowsOf<DemoGoal>(
    await ctx.tx.execute(sql`
      SELECT g.id, g.title, g.measurement, g.prompt_hierarchy,
        (SELECT json_agg(t.id ORDER BY t.position, t.title) FROM sub_goals t WHERE t.organization_id = g.organization_id AND t.goal_id = g.id) AS targets
      FROM assigned_goals g
      WHERE g.organization_id = ${p.organizationId} AND g.student_id = ${p.studentId} AND g.department_id = ${p.departmentId}
      ORDER BY g.created_at, g.id`),
  );
}

const userOf = async (ctx: RequestContext, membershipId: MembershipId) =>
  rowsOf<{ user_id: UserId }>(
    await ctx.tx.execute(sql`SELECT user_id FROM memberships WHERE organization_id = ${ctx.org.id} AND id = ${membershipId}`),
  )[0]!.user_id;

/** The weeks' sessions of every slot, before today in the organization's time zone, oldest first. */
function plan(slots: HistorySlot[], timeZone: string): Planned[] {
  const today = localDate(timeZone);
  const firstMonday = addDays(weekStart(today), -7 * WEEKS);
  const planned: Planned[] = [];
  for (const slot of slots) {
    const days: string[] = [];
    for (let week = 0; week <= WEEKS; week++) {
      days.push(...slot.days.map((d) => addDays(firstMonday, week * 7 + d)).filter((date) => date < today));
    }
    days.forEach((date, index) =>
      planned.push({ id: randomUUID() as SessionId, slot, startAt: zonedTimeToUtc(date, slot.time, timeZone), index, of: days.length }),
    );
  }
  return planned.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
}

/** One organization's weeks of sessions; answers the sessions it ran. */
export async function seedDemoHistory(
  database: Database,
  org: { id: OrganizationId; owner: UserId; timeZone: string },
  slots: HistorySlot[],
): Promise<number> {
  const as = <T>(actor: UserId, fn: (ctx: RequestContext) => Promise<T>) =>
    database.tenant(org.id, (tx) => fn(systemContext(tx, { organizationId: org.id, actor, call: 'seed.history' })));
  const planned = plan(slots, org.timeZone);
  await as(org.owner, (ctx) =>
    scheduleSessions(
      ctx,
      planned.map((p) => ({
        id: p.id,
        therapistMembershipId: p.slot.placed.membershipId,
        studentId: p.slot.placed.studentId,
        departmentId: p.slot.placed.departmentId,
        startAt: p.startAt,
        endAt: new Date(p.startAt.getTime() + MINUTES * 60_000),
      })),
    ),
  );
  // The criteria come first, so the server's evaluation marks what the sessions master as they arrive.
  await as(org.owner, (ctx) => usualCriteria(ctx, slots));
  const people = new Map<MembershipId, UserId>();
  const goals = new Map<HistoryPlacement, DemoGoal[]>();
  for (const { placed } of slots) {
    people.set(placed.membershipId, await as(org.owner, (ctx) => userOf(ctx, placed.membershipId)));
    goals.set(placed, await as(org.owner, (ctx) => goalsOf(ctx, placed)));
  }
  const draw = seeded(planned.length * 7919);
  let points: PointRow[] = [];
  for (const p of planned) {
    // One correction per organization: the first placement's third session, the day after.
    const corrects = p.slot === slots[0] && p.index === 2;
    points = await as(people.get(p.slot.placed.membershipId)!, (ctx) => runSession(ctx, p, goals.get(p.slot.placed)!, draw, corrects));
  }
  const latest = planned.at(-1);
  if (latest) {
    await as(org.owner, (ctx) => twoObservers(ctx, latest, points));
  }
  await as(org.owner, (ctx) => backdate(ctx, planned));
  return planned.length;
}

const at = (p: Planned, minutes: number) => new Date(p.startAt.getTime() + minutes * 60_000).toISOString();

async function runSession(ctx: RequestContext, p: Planned, goals: DemoGoal[], draw: Draw, corrects: boolean): Promise<PointRow[]> {
  const progress = p.of > 1 ? p.index / (p.of - 1) : 1;
  const points = pointsFor(goals, progress, draw, (minutes, seq) => ({
    recorded_at: at(p, minutes),
    device_id: 'demo-tablet-1',
    device_seq: seq,
  }));
  await startSession(ctx, p.id, { shift_to_now: false, client_now: at(p, 0) });
  await upsertPoints(ctx, p.id, points);
  // Every ninth session (and never the very first) ends without a note.
  const note = p.index % 9 === 4 ? '' : notesFor(goals, points, draw);
  await endSession(ctx, p.id, { action: 'completed', note, overtime_reason: '', client_now: at(p, MINUTES) });
  // Its first trial that was not correct is corrected the day after: the tap had been meant as correct.
  const first = points.find((pt) => pt.kind === 'trial' && pt.outcome !== 'correct');
  if (corrects && first) {
    const stamp = { recorded_at: at(p, 24 * 60), device_id: 'demo-tablet-1', device_seq: 1000 };
    await correctPoint(ctx, first.id, { outcome: 'correct', prompt_level: null, ...stamp });
  }
  return points;
}

/** The owner observed the latest session on a second tablet and scored its third trial the other way. */
async function twoObservers(ctx: RequestContext, p: Planned, points: PointRow[]) {
  const trial = points.filter((pt) => pt.kind === 'trial')[2];
  if (!trial) {
    return;
  }
  const outcome = trial.outcome === 'correct' ? 'incorrect' : 'correct';
  const stamp = { recorded_at: at(p, 10), device_id: 'demo-tablet-2', device_seq: 1 };
  await upsertPoints(ctx, p.id, [{ ...trial, id: randomUUID(), outcome, prompt_level: null, ...stamp }]);
}

/**
 * The clinic's usual mastery criteria on the goals that have none yet (80 % correct over 3 sessions;
 * 5 greetings a session; 5 minutes of attention): the sessions that follow master some targets and
 * goals, and the caseload tells which others are near.
 */
async function usualCriteria(ctx: RequestContext, slots: HistorySlot[]) {
  const students = sql`${`{${slots.map((s) => s.placed.studentId).join(',')}}`}::uuid[]`;
  const criterion = (measure: string, threshold: number) =>
    JSON.stringify({ measure, comparison: 'at_least', threshold, sessions: 3, min_therapists: 1 });
  await ctx.tx.execute(sql`
    UPDATE assigned_goals SET mastery_criterion = (CASE measurement
      WHEN 'frequency' THEN ${criterion('count_per_session', 5)} WHEN 'duration' THEN ${criterion('duration_minutes', 5)}
      ELSE ${criterion('percent_correct', 80)} END)::jsonb
    WHERE organization_id = ${ctx.org.id} AND student_id = ANY(${students}) AND mastery_criterion IS NULL`);
}

/** Receipt times as if each session had synced when it ran (see the top of this file). */
async function backdate(ctx: RequestContext, planned: Planned[]) {
  const ids = sql`${`{${planned.map((p) => p.id).join(',')}}`}::uuid[]`;
  await ctx.tx.execute(sql`
    UPDATE therasessions SET started_at = client_started_at, start_received_at = client_started_at,
      ended_at = client_ended_at, client_time_flag = NULL
    WHERE organization_id = ${ctx.org.id} AND id = ANY(${ids})`);
  await ctx.tx.execute(sql`
    UPDATE data_points SET received_at = recorded_at, recorded_at_flag = NULL,
      corrected_at = CASE WHEN corrected_at IS NULL THEN NULL ELSE recorded_at END
    WHERE organization_id = ${ctx.org.id} AND session_id = ANY(${ids})`);
  await ctx.tx.execute(sql`
    UPDATE point_observations SET received_at = recorded_at WHERE organization_id = ${ctx.org.id} AND session_id = ANY(${ids})`);
}

type Placed = Omit<HistoryPlacement, 'organizationId'> & { organizationId: OrganizationId };

/**
 * Both demo organizations' weeks: each placement twice a week at its own hour, so no therapist (Maya
 * works in both, mornings at the clinic in Eastern time, afternoons at the school in Central) and no
 * student (Leo and Sofia have two departments) is ever booked twice.
 */
export async function seedDemoHistories(
  database: Database,
  orgs: { clinic: { id: OrganizationId; owner: UserId }; school: { id: OrganizationId; owner: UserId } },
  p: Record<'leoSpeech' | 'avaSpeech' | 'leoAba' | 'noahAba' | 'sofiaSpeech' | 'ethanSpeech' | 'sofiaSupport' | 'ethanSupport', Placed>,
): Promise<number> {
  const clinic = await seedDemoHistory(database, { ...orgs.clinic, timeZone: 'America/New_York' }, [
    { placed: p.leoSpeech, days: [0, 3], time: '08:00' },
    { placed: p.avaSpeech, days: [0, 3], time: '09:00' },
    { placed: p.leoAba, days: [1, 4], time: '08:00' },
    { placed: p.noahAba, days: [1, 4], time: '09:00' },
  ]);
  const school = await seedDemoHistory(database, { ...orgs.school, timeZone: 'America/Chicago' }, [
    { placed: p.sofiaSpeech, days: [1, 3], time: '14:00' },
    { placed: p.ethanSpeech, days: [1, 3], time: '15:00' },
    { placed: p.sofiaSupport, days: [0, 2], time: '08:00' },
    { placed: p.ethanSupport, days: [0, 2], time: '09:00' },
  ]);
  return clinic + school;
}
