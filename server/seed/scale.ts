/**
 * The scale seed (`npm run seed -- --scale`): one large organization to benchmark the admin lists
 * on, built through the same services as the demo seed. At full size: 2,000 students,
 * 200 therapists, 60 departments, a year of sessions (five a week per therapist, 52,000) of which the
 * past ones are started, ended and hold ten trials each (about 500,000 data points).
 * `scale` shrinks every count (0.05 for a quick check). Idempotent: an existing scale owner means done.
 *
 * 40 programs and 30 classrooms: every student sits in a classroom (with room to
 * spare, a homeroom therapist each) and is in one program.
 *
 * Every student is a parent's child enrolled (1,000 parent accounts, two children each), so the
 * parents' directory has as many rows to page as a real clinic's.
 *
 * 300 services, priced from 20.00 to 319.00 in the organization's currency, every fifth inactive.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import { findUserByEmail } from '../features/accounts';
import { addMembership } from '../features/memberships';
import { enrollChild } from '../features/enrollments';
import { createChild, setChildEnrollmentParentStatus } from '../features/family';
import { createDepartment, addDepartmentStudent, assignTherapist } from '../features/departments';
import { createClassroom, addClassroomStudent } from '../features/classrooms';
import { createProgram, addProgramStudent } from '../features/programs';
import { assignGoal } from '../features/goals-library';
import { scheduleSessions, type ScheduleSessionInput, endSession, startSession } from '../features/scheduling';
import { upsertPoints } from '../features/collector';
import { createService } from '../features/services';
import { CreateServiceBody } from '../../contract/services';
import { systemContext, type RequestContext, type UserContext } from '../lib/request-context';
import {
  asDepartmentId,
  type DepartmentId,
  type MembershipId,
  newId,
  type OrganizationId,
  type SessionId,
  type StudentId,
  type UserId,
} from '../lib/ids';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../lib/time-zones';
import { registerAccount } from './seed-accounts';
import { DEMO_PASSWORD } from './demo';

export const SCALE_OWNER = 'owner@scale-clinic.example';
const TIME_ZONE = 'America/New_York';
const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Ella', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jack', 'Kai', 'Lena', 'Max', 'Nora', 'Omar'];
const LAST = ['Adams', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Fox', 'Gupta', 'Hayes', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moore', 'Ng'];
const name = (i: number) => ({ first: FIRST[i % FIRST.length]!, last: `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}-${i}` });

export interface ScaleReport {
  created: boolean;
  students: number;
  parents: number;
  therapists: number;
  departments: number;
  programs: number;
  classrooms: number;
  services: number;
  sessions: number;
  points: number;
  seconds: number;
}

// size: 208 lines — one pass that builds the scale organization in order, each step using the ids the
// earlier ones made and adding to the counts it reports; the calendar already lives in scale-calendar.ts.
export async function seedScale(
  database: Database,
  config: Config,
  /** `weeks`: the weeks of sessions, whatever the scale (the admin-list benchmark needs the people, not a year of points). */
  options: { scale?: number; weeks?: number; log?: (line: string) => void } = {},
): Promise<ScaleReport> {
  const began = Date.now();
  const scale = options.scale ?? 1;
  const log = options.log ?? (() => undefined);
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  const counts = {
    students: n(2000),
    therapists: n(200),
    departments: n(60),
    programs: n(40),
    classrooms: n(30),
    services: n(300),
    weeks: options.weeks ?? Math.max(2, Math.round(52 * Math.min(1, scale * 4))),
  };
  if (await findUserByEmail(database.db, SCALE_OWNER)) {
    return {
      created: false,
      students: 0,
      parents: 0,
      therapists: 0,
      departments: 0,
      programs: 0,
      classrooms: 0,
      services: 0,
      sessions: 0,
      points: 0,
      seconds: 0,
    };
  }
  const deps = { database, config };
  const owner = await registerAccount(deps, {
    email: SCALE_OWNER,
    password: DEMO_PASSWORD,
    first_name: 'Sam',
    last_name: 'Scale',
    user_type: 'ORG',
    organization: { name: 'Scale Clinic', kind: 'clinic', timezone: TIME_ZONE },
  });
  const org = owner.organizationId!;

  log(`services: ${counts.services}`);
  await database.tenant(org, async (tx) => {
    const ctx = systemContext(tx, { organizationId: org, actor: owner.userId, call: 'seed.scale.services' });
    for (let i = 0; i < counts.services; i++) {
      const body = CreateServiceBody.parse({
        name: `Service ${String(i + 1).padStart(3, '0')}`,
        description: i % 2 ? 'One-to-one' : 'Group',
        price: `${20 + i}.00`,
        duration_minutes: 30 + (i % 4) * 15,
        is_active: i % 5 !== 4,
      });
      await createService(ctx, body);
    }
  });

  // The owner's desk work runs as the owner would, in a tenant transaction, each write on the trail.
  const asOwnerDesk = <T>(call: string, work: (ctx: RequestContext) => Promise<T>) =>
    database.tenant(org, (tx) => work(systemContext(tx, { organizationId: org, actor: owner.userId, call })));
  log(`therapists: ${counts.therapists}`);
  const therapists: MembershipId[] = [];
  for (let i = 0; i < counts.therapists; i++) {
    const person = name(i);
    const account = await registerAccount(deps, {
      email: `therapist${i}@scale-clinic.example`,
      password: DEMO_PASSWORD,
      first_name: person.first,
      last_name: person.last,
      user_type: 'THE',
    });
    const joining = (ctx: RequestContext) => addMembership(ctx, { userId: account.userId, role: 'therapist' });
    therapists.push((await asOwnerDesk('seed.scale.memberships', joining)).id);
  }

  log(`departments: ${counts.departments}`);
  const departments: DepartmentId[] = [];
  await asOwnerDesk('seed.scale.departments', async (ctx) => {
    for (let i = 0; i < counts.departments; i++) {
      departments.push(asDepartmentId((await createDepartment(ctx, { name: `Department ${i + 1}` })).id));
    }
  });

  log(`programs: ${counts.programs}, classrooms: ${counts.classrooms}`);
  const programs: string[] = [];
  const classrooms: string[] = [];
  const seats = Math.ceil(counts.students / counts.classrooms) + 5;
  await asOwnerDesk('seed.scale.programs', async (ctx) => {
    for (let i = 0; i < counts.programs; i++) {
      programs.push((await createProgram(ctx, { name: `Program ${i + 1}`, description: 'A scale seed program' })).id);
    }
  });
  await asOwnerDesk('seed.scale.classrooms', async (ctx) => {
    for (let i = 0; i < counts.classrooms; i++) {
      const classroom = await createClassroom(ctx, {
        name: `Classroom ${i + 1}`,
        grade_level: `Grade ${(i % 6) + 1}`,
        room: `R-${100 + i}`,
        capacity: seats,
        is_active: true,
        homeroom_membership_id: therapists[i % therapists.length]!,
      });
      classrooms.push(classroom.id);
    }
  });

  // Each student in one department, assigned to one therapist of it (therapist i works in department i mod D).
  log(`students: ${counts.students}, each a parent's child (one parent for two) with a goal of two targets`);
  const caseload = new Map<MembershipId, { studentId: StudentId; departmentId: DepartmentId; goalId: string; subGoalId: string }[]>();
  let parent: UserContext | null = null;
  let parents = 0;
  for (let i = 0; i < counts.students; i++) {
    const person = name(i + 7);
    if (i % 2 === 0 || !parent) {
      const account = await registerAccount(deps, {
        email: `parent-${parents}@scale-clinic.example`,
        password: DEMO_PASSWORD,
        first_name: FIRST[(i + 3) % FIRST.length]!,
        last_name: person.last,
        user_type: 'PAR',
      });
      parent = account.ctx;
      parents += 1;
    }
    const child = await createChild(parent, { firstName: person.first, lastName: person.last });
    const { student, enrollment } = await asOwnerDesk('seed.scale.enrollments', (ctx) => enrollChild(ctx, { childId: child.id }));
    // The parent accepts from their side, as in the app and the demo seed.
    await setChildEnrollmentParentStatus(parent, enrollment.id, { newStatus: 'accepted' });
    const therapist = therapists[i % therapists.length]!;
    const departmentId = departments[(i % therapists.length) % departments.length]!;
    const goal = await asOwnerDesk('seed.scale.students', async (ctx) => {
      await addClassroomStudent(ctx, classrooms[i % classrooms.length]!, student.id);
      await addProgramStudent(ctx, programs[i % programs.length]!, enrollment.id);
      await assignTherapist(ctx, (await addDepartmentStudent(ctx, departmentId, student.id)).id, therapist);
      return assignGoal(ctx, {
        studentId: student.id,
        departmentId,
        membershipId: therapist,
        title: 'Follows one-step directions',
        measurement: 'discrete',
        plannedTrials: 10,
        subGoals: ['sit down', 'come here'],
      });
    });
    const list = caseload.get(therapist) ?? [];
    list.push({ studentId: student.id, departmentId, goalId: goal.id, subGoalId: goal.subGoals[0]!.id });
    caseload.set(therapist, list);
    if ((i + 1) % 250 === 0) {
      log(`  ${i + 1} students`);
    }
  }

  // A year of weekdays at 09:00, 10:30, 13:00, 14:30, 16:00 rotating through each caseload; the
  // weeks end with this one, so the past is done and the rest of this week is planned.
  const monday = weekStart(localDate(TIME_ZONE));
  const firstMonday = addDays(monday, -7 * (counts.weeks - 1));
  const times = ['09:00', '10:30', '13:00', '14:30', '16:00'];
  const now = Date.now();
  let sessions = 0;
  let points = 0;
  log(`sessions: ${counts.weeks} weeks × 5 a week × ${therapists.length} therapists`);
  for (const [t, therapist] of therapists.entries()) {
    const students = caseload.get(therapist) ?? [];
    if (students.length === 0) {
      continue;
    }
    const plan: (ScheduleSessionInput & { id: SessionId; place: (typeof students)[number] })[] = [];
    for (let week = 0; week < counts.weeks; week++) {
      for (let day = 0; day < 5; day++) {
        const place = students[(week * 5 + day) % students.length]!;
        const startAt = zonedTimeToUtc(addDays(firstMonday, week * 7 + day), times[(t + day) % times.length]!, TIME_ZONE);
        plan.push({
          id: newId(),
          therapistMembershipId: therapist,
          studentId: place.studentId,
          departmentId: place.departmentId,
          startAt,
          endAt: new Date(startAt.getTime() + 45 * 60_000),
          place,
        });
      }
    }
    await asOwnerDesk('seed.scale.sessions', (ctx) => scheduleSessions(ctx, plan));
    sessions += plan.length;
    for (const s of plan.filter((p) => p.endAt.getTime() < now)) {
      points += await asOwnerDesk('seed.scale.sessions', (ctx) => holdSession(ctx, s));
    }
    if ((t + 1) % 20 === 0) {
      log(`  ${t + 1} therapists' years (${sessions} sessions, ${points} points)`);
    }
  }
  return {
    created: true,
    students: counts.students,
    parents,
    therapists: counts.therapists,
    departments: counts.departments,
    programs: counts.programs,
    classrooms: counts.classrooms,
    services: counts.services,
    sessions,
    points,
    seconds: Math.round((Date.now() - began) / 1000),
  };
}

/** Starts and completes a past session with ten trials on its first target, in one transaction. */
async function holdSession(
  ctx: RequestContext,
  s: { id: SessionId; startAt: Date; endAt: Date; place: { goalId: string; subGoalId: string } },
): Promise<number> {
  const at = (minutes: number) => new Date(s.startAt.getTime() + minutes * 60_000).toISOString();
  const trials = Array.from({ length: 10 }, (_, i) => ({
    id: newId(),
    goal_id: s.place.goalId,
    sub_goal_id: s.place.subGoalId,
    trial_no: i + 1,
    kind: 'trial' as const,
    outcome: (['correct', 'correct', 'incorrect', 'prompted'] as const)[i % 4]!,
    prompt_level: i % 4 === 3 ? 'model' : null,
    count: null,
    duration_ms: null,
    recorded_at: at(2 + i * 3),
    device_id: 'scale-seed',
    device_seq: i + 1,
  }));
  await startSession(ctx, s.id, { shift_to_now: false, client_now: at(0) });
  await upsertPoints(ctx, s.id, trials);
  await endSession(ctx, s.id, { action: 'completed', note: '', overtime_reason: '', client_now: at(44) });
  return trials.length;
}
