/**
 * The demo seed, so a fresh clone has people to sign in as: a clinic and a school, their owners, three
 * therapists (one in both organizations, so the switcher matters), parents whose children are enrolled,
 * departments with teams and therapists, goals with targets, programs, the school's classrooms, sessions
 * today and tomorrow and six weeks of past ones with collected data and notes (demo-history.ts). All
 * through the feature services, as a real client would. Idempotent: once the clinic owner exists, nothing
 * is created and seedDemo answers false.
 */
import { asDepartmentId, type DepartmentId, type MembershipId, type OrganizationId, type StudentId, type UserId } from '../lib/ids';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { findUserByEmail } from '../features/accounts';
import { addMembership } from '../features/memberships';
import { createChild, setChildEnrollmentParentStatus } from '../features/family';
import { enrollChild } from '../features/enrollments';
import { createDepartment, addDepartmentStudent, assignTherapist } from '../features/departments';
import { assignDemoGoals } from './demo-goals';
import { createClassroom, addClassroomStudent } from '../features/classrooms';
import { createProgram, addProgramStudent } from '../features/programs';
import { scheduleSessions, type ScheduleSessionInput } from '../features/scheduling';
import { addDays, localDate, zonedTimeToUtc } from '../lib/time-zones';
import { topUpDemoDays } from './demo-days';
import { seedDemoPaperwork } from './demo-enrollments';
import { seedDemoCalendar } from './demo-calendar';
import { seedDemoHistories } from './demo-history';
import { seedDemoPeople } from './demo-people';
import { registerAccount } from './seed-accounts';
import { createService } from '../features/services';
import { planDemoWeek } from './demo-week';
import { CreateServiceBody } from '../../contract/services';
import { CreateClassroomBody } from '../../contract/classrooms';
import { systemContext, type RequestContext, type UserContext } from '../lib/request-context';

/** Passes registration's own password rules (not on the common-password list, at least 8 characters). */
export const DEMO_PASSWORD = 'Thera-demo-2026';

const E = {
  clinicOwner: 'owner@harbor-clinic.example',
  schoolOwner: 'owner@maple-grove.example',
  maya: 'maya.chen@thera-demo.example',
  jordan: 'jordan.reyes@thera-demo.example',
  priya: 'priya.nair@thera-demo.example',
  dana: 'dana.brooks@harbor-clinic.example',
  sarah: 'sarah.thompson@family-demo.example',
  marcus: 'marcus.bennett@family-demo.example',
  elena: 'elena.garcia@family-demo.example',
  // Not among the sign-ins: the clinic ended his membership, so he has no organization to show.
  sam: 'sam.ortiz@thera-demo.example',
} as const;

export const DEMO_SIGN_INS: { role: string; email: string; password: string }[] = [
  { role: 'Clinic owner (ORG)', email: E.clinicOwner, password: DEMO_PASSWORD },
  { role: 'School owner (ORG)', email: E.schoolOwner, password: DEMO_PASSWORD },
  { role: 'Therapist, both orgs (THE)', email: E.maya, password: DEMO_PASSWORD },
  { role: 'Therapist, clinic (THE)', email: E.jordan, password: DEMO_PASSWORD },
  { role: 'Therapist, school (THE)', email: E.priya, password: DEMO_PASSWORD },
  { role: 'Front desk, clinic (THE, staff)', email: E.dana, password: DEMO_PASSWORD },
  { role: 'Parent (PAR)', email: E.sarah, password: DEMO_PASSWORD },
  { role: 'Parent (PAR)', email: E.marcus, password: DEMO_PASSWORD },
  { role: 'Parent (PAR)', email: E.elena, password: DEMO_PASSWORD },
];

// 45-minute slots, as a clinic's day runs: 09:00, 10:30, 13:00, 14:30 local time.
const SLOTS = ['09:00', '10:30', '13:00', '14:30', '16:00'] as const;
const SESSION_MINUTES = 45;

// size: 216 lines — the demo is one story told in order, each step using the ids the earlier ones made; cut
// into parts, those ids would travel as a dozen arguments. New steps go in demo-*.ts files, as the history does.
export async function seedDemo(database: Database, config: Config = loadConfig({})): Promise<boolean> {
  if (await findUserByEmail(database.db, E.clinicOwner)) {
    await topUpDemoDays(database, [E.clinicOwner, E.schoolOwner]);
    return false;
  }
  const deps = { database, config };

  const account = (input: Parameters<typeof registerAccount>[1]) => registerAccount(deps, input);
  const person = (email: string, first: string, last: string, type: 'THE' | 'PAR') =>
    account({ email, password: DEMO_PASSWORD, first_name: first, last_name: last, user_type: type });

  // ---- organizations and their owners ----
  const clinic = await account({
    email: E.clinicOwner,
    password: DEMO_PASSWORD,
    first_name: 'Grace',
    last_name: 'Whitfield',
    user_type: 'ORG',
    phone_number: '+1 617 555 0142',
    organization: { name: 'Harbor Therapy Clinic', kind: 'clinic', timezone: 'America/New_York' },
  });
  const school = await account({
    email: E.schoolOwner,
    password: DEMO_PASSWORD,
    first_name: 'Daniel',
    last_name: 'Okafor',
    user_type: 'ORG',
    phone_number: '+1 312 555 0187',
    organization: { name: 'Maple Grove School', kind: 'school', timezone: 'America/Chicago' },
  });
  const clinicId = clinic.organizationId!;
  const schoolId = school.organizationId!;

  // ---- services, priced in each organization's currency (USD) ----
  const offer = (organizationId: OrganizationId, userId: UserId, items: Array<Parameters<typeof CreateServiceBody.parse>[0]>) =>
    database.tenant(organizationId, async (tx) => {
      const ctx = systemContext(tx, { organizationId, actor: userId, call: 'seed.services' });
      for (const item of items) {
        await createService(ctx, CreateServiceBody.parse(item));
      }
    });
  await offer(clinicId, clinic.userId, [
    { name: 'Speech therapy session', description: 'One-to-one, in the clinic', price: '95.00', duration_minutes: 45 },
    { name: 'ABA therapy session', description: 'One-to-one with a behavior technician', price: '120.00', duration_minutes: 60 },
    { name: 'Initial assessment', description: 'Standardized assessment and written report', price: '250.00', duration_minutes: 120 },
    { name: 'Parent coaching', price: '75.00', duration_minutes: 45 },
    { name: 'Social skills group', description: 'Up to six children', price: '40.00', duration_minutes: 60, is_active: false },
  ]);
  await offer(schoolId, school.userId, [
    { name: 'Learning support block', price: '55.00', duration_minutes: 50 },
    { name: 'Speech and language screening', price: '0', duration_minutes: 30 },
  ]);

  const ownerOf = new Map([clinic, school].map((o) => [o.organizationId!, o.userId] as const));
  const asOwner = <T>(organizationId: OrganizationId, fn: (ctx: RequestContext) => Promise<T>, call = 'seed.departments') =>
    database.tenant(organizationId, (tx) => fn(systemContext(tx, { organizationId, actor: ownerOf.get(organizationId)!, call })));
  // ---- therapists and memberships ----
  const maya = await person(E.maya, 'Maya', 'Chen', 'THE');
  const jordan = await person(E.jordan, 'Jordan', 'Reyes', 'THE');
  const priya = await person(E.priya, 'Priya', 'Nair', 'THE');
  const member = async (organizationId: OrganizationId, userId: UserId) =>
    (await asOwner(organizationId, (ctx) => addMembership(ctx, { userId, role: 'therapist' }), 'seed.memberships')).id;
  const m = {
    mayaClinic: await member(clinicId, maya.userId),
    jordanClinic: await member(clinicId, jordan.userId),
    mayaSchool: await member(schoolId, maya.userId),
    priyaSchool: await member(schoolId, priya.userId),
  };
  // The clinic's front desk: a staff member with the built-in "Front desk" role (no student records).
  const dana = await person(E.dana, 'Dana', 'Brooks', 'THE');
  await asOwner(clinicId, (ctx) => addMembership(ctx, { userId: dana.userId, role: 'staff' }), 'seed.memberships');

  // ---- parents, children, enrollments ----
  const sarah = await person(E.sarah, 'Sarah', 'Thompson', 'PAR');
  const marcus = await person(E.marcus, 'Marcus', 'Bennett', 'PAR');
  const elena = await person(E.elena, 'Elena', 'Garcia', 'PAR');
  const enrollmentOf = new Map<string, string>();
  const enroll = async (organizationId: OrganizationId, parent: UserContext, firstName: string, lastName: string, birthDate: string) => {
    const child = await createChild(parent, { firstName, lastName, birthDate });
    const enrolling = (ctx: RequestContext) => enrollChild(ctx, { childId: child.id, notes: 'Demo enrollment' });
    const { student, enrollment } = await asOwner(organizationId, enrolling, 'seed.enrollments');
    // The parent accepts from their side, as in the app (children/enrollments/{id}/parent-status/).
    await setChildEnrollmentParentStatus(parent, enrollment.id, { newStatus: 'accepted' });
    enrollmentOf.set(student.id, enrollment.id);
    return student.id;
  };
  const leo = await enroll(clinicId, sarah.ctx, 'Leo', 'Thompson', '2019-04-12');
  const ava = await enroll(clinicId, sarah.ctx, 'Ava', 'Thompson', '2021-09-03');
  const noah = await enroll(clinicId, marcus.ctx, 'Noah', 'Bennett', '2018-11-27');
  const ethan = await enroll(schoolId, marcus.ctx, 'Ethan', 'Bennett', '2016-06-30');
  const sofia = await enroll(schoolId, elena.ctx, 'Sofia', 'Garcia', '2017-02-15');

  // ---- departments, teams, students with their therapists, goals ----
  const place = async (
    organizationId: OrganizationId,
    departmentId: DepartmentId,
    department: string,
    studentId: StudentId,
    membershipId: MembershipId,
    goals: number,
  ) => {
    await asOwner(organizationId, async (ctx) =>
      assignTherapist(ctx, (await addDepartmentStudent(ctx, departmentId, studentId)).id, membershipId),
    );
    const placement = { studentId, departmentId, membershipId };
    await asOwner(organizationId, (ctx) => assignDemoGoals(ctx, placement, department, goals), 'seed.goals');
    return { organizationId, departmentId, studentId, membershipId };
  };
  const department = async (organizationId: OrganizationId, name: string) =>
    asDepartmentId((await asOwner(organizationId, (ctx) => createDepartment(ctx, { name }))).id);
  const clinicSpeech = await department(clinicId, 'Speech & Language');
  const clinicAba = await department(clinicId, 'Applied Behavior Analysis');
  const schoolSpeech = await department(schoolId, 'Speech & Language');
  const schoolSupport = await department(schoolId, 'Learning Support');

  const leoSpeech = await place(clinicId, clinicSpeech, 'Speech & Language', leo, m.mayaClinic, 3);
  const avaSpeech = await place(clinicId, clinicSpeech, 'Speech & Language', ava, m.mayaClinic, 2);
  const leoAba = await place(clinicId, clinicAba, 'Applied Behavior Analysis', leo, m.jordanClinic, 2);
  const noahAba = await place(clinicId, clinicAba, 'Applied Behavior Analysis', noah, m.jordanClinic, 3);
  const sofiaSpeech = await place(schoolId, schoolSpeech, 'Speech & Language', sofia, m.mayaSchool, 2);
  const ethanSpeech = await place(schoolId, schoolSpeech, 'Speech & Language', ethan, m.mayaSchool, 2);
  const sofiaSupport = await place(schoolId, schoolSupport, 'Learning Support', sofia, m.priyaSchool, 3);
  const ethanSupport = await place(schoolId, schoolSupport, 'Learning Support', ethan, m.priyaSchool, 2);

  // ---- programs and the school's classrooms ----
  const program = (organizationId: OrganizationId, actor: UserId, name: string, description: string, studentIds: string[]) =>
    database.tenant(organizationId, async (tx) => {
      const ctx = systemContext(tx, { organizationId, actor, call: 'seed.programs' });
      const { id } = await createProgram(ctx, { name, description });
      for (const studentId of studentIds) {
        await addProgramStudent(ctx, id, enrollmentOf.get(studentId)!);
      }
    });
  const early = 'Ages 0 to 5: speech and behavior together, with parent coaching.';
  await program(clinicId, clinic.userId, 'Early Intervention', early, [leo, ava]);
  await program(clinicId, clinic.userId, 'Social Skills Group', 'Small-group sessions on turn-taking and conversation.', [noah]);
  await program(schoolId, school.userId, 'Reading Intervention', 'Structured literacy support, three times a week.', [ethan, sofia]);
  await database.tenant(schoolId, async (tx) => {
    const ctx = systemContext(tx, { organizationId: schoolId, actor: school.userId, call: 'seed.classrooms' });
    const classroom = (body: Parameters<typeof CreateClassroomBody.parse>[0]) => createClassroom(ctx, CreateClassroomBody.parse(body));
    const bluebirds = await classroom({
      name: 'Bluebirds',
      grade_level: 'Grade 3',
      room: 'Room 12',
      capacity: 12,
      homeroom_membership_id: m.priyaSchool,
    });
    await addClassroomStudent(ctx, bluebirds.id, sofia);
    await addClassroomStudent(ctx, bluebirds.id, ethan);
    await classroom({ name: 'Robins', grade_level: 'Grade 1', room: 'Room 4', capacity: 10 });
  });

  // ---- sessions: today and tomorrow, each therapist with their students, no one double-booked ----
  type Placed = Awaited<ReturnType<typeof place>>;
  const day: Record<string, [Placed, (typeof SLOTS)[number]][]> = {
    [clinicId]: [
      [leoSpeech, '09:00'],
      [avaSpeech, '10:30'],
      [leoSpeech, '13:00'],
      [noahAba, '09:00'],
      [leoAba, '10:30'],
      [noahAba, '13:00'],
      [leoAba, '14:30'],
      [leoAba, '16:00'],
    ],
    [schoolId]: [
      // Maya works mornings at the clinic (Eastern) and afternoons at the school (Central).
      [sofiaSpeech, '13:00'],
      [ethanSpeech, '14:30'],
      [sofiaSupport, '09:00'],
      [ethanSupport, '10:30'],
      [sofiaSupport, '14:30'],
      [sofiaSupport, '16:00'],
    ],
  };
  const timezones: [OrganizationId, string][] = [
    [clinicId, 'America/New_York'],
    [schoolId, 'America/Chicago'],
  ];
  for (const [organizationId, timezone] of timezones) {
    const plan = day[organizationId]!;
    const today = localDate(timezone);
    const sessions: ScheduleSessionInput[] = [];
    for (const date of [today, addDays(today, 1)]) {
      for (const [placed, time] of plan) {
        const startAt = zonedTimeToUtc(date, time, timezone);
        sessions.push({
          therapistMembershipId: placed.membershipId,
          studentId: placed.studentId,
          departmentId: placed.departmentId,
          startAt,
          endAt: new Date(startAt.getTime() + SESSION_MINUTES * 60_000),
        });
      }
    }
    await asOwner(organizationId, (ctx) => scheduleSessions(ctx, sessions), 'seed.sessions');
  }
  await asOwner(
    clinicId,
    (ctx) =>
      planDemoWeek(ctx, [
        { placed: leoSpeech, weekdays: ['MO', 'WE'], time: '11:45', service: 'Speech therapy session' },
        { placed: avaSpeech, weekdays: ['TU', 'TH'], time: '11:45', service: 'Speech therapy session' },
        { placed: noahAba, weekdays: ['MO', 'WE', 'FR'], time: '17:00', service: 'ABA therapy session' },
      ]),
    'seed.plan',
  );
  await seedDemoPaperwork(database, clinicId, clinic.userId);
  await seedDemoCalendar(database, clinicId, clinic.userId, 'America/New_York', [m.mayaClinic, m.jordanClinic]);
  const sam = await person(E.sam, 'Sam', 'Ortiz', 'THE');
  const org = (id: OrganizationId) => ({ id, owner: ownerOf.get(id)! });
  await seedDemoPeople(deps, { jordan: { ...jordan, email: E.jordan }, former: sam, clinic: org(clinicId), school: org(schoolId) });
  const placed = { leoSpeech, avaSpeech, leoAba, noahAba, sofiaSpeech, ethanSpeech, sofiaSupport, ethanSupport };
  await seedDemoHistories(database, { clinic: org(clinicId), school: org(schoolId) }, placed);
  return true;
}
