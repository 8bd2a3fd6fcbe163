import { v7 as uuidv7 } from 'uuid';
import { RegisterBody } from '../../contract/accounts';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { register } from '../../server/features/accounts/service';
import { addMembership } from '../../server/features/memberships/service-admin';
import { createStudent, enrollStudent } from '../../server/features/enrollments/service';
import { createDepartment } from '../../server/features/departments/service';
import { addDepartmentStudent, assignTherapist } from '../../server/features/departments/service-students';
import { systemContext, systemUserContext, type RequestContext } from '../../server/lib/request-context';
import { assignGoal } from '../../server/features/goals-library/service';
import { scheduleSessions } from '../../server/features/scheduling';
import { asDepartmentId, asOrganizationId, asUserId, type OrganizationId } from '../../server/lib/ids';
import { SESSION_COOKIE } from '../../server/lib/access';
import { startBalancer } from './balancer';
import { percentile, trialTap } from './harness';
import { startServerProcess } from './server-process';

/**
 * A school district's morning on two API servers: `orgs` organizations of `perOrg` therapists,
 * each therapist's tablet sending one batch of 100 points at a moment of its own within 10 s (an
 * open load at a fixed offered rate, the moments the same in every run), through a round-robin
 * balancer to two server processes on one PostgreSQL. Latency counts from the moment the batch was due.
 */
interface Device {
  cookie: string;
  organizationId: OrganizationId;
  sessionId: string;
  goalId: string;
}

const NO_IP = { ip: '', userAgent: 'thera-bench' };
const SECONDS = 10;

/** The organizations, therapists, students, goals and sessions, through the domain services; each therapist signed in. */
async function seedDistrict(databaseUrl: string, orgs: number, perOrg: number): Promise<Device[]> {
  const database = await openDatabase({ databaseUrl });
  const deps = { database, config: testConfig() };
  const person = (email: string, extra: object = {}) =>
    RegisterBody.parse({ email, password: DEMO_PASSWORD, first_name: 'Bench', last_name: 'Person', user_type: 'THE', ...extra });
  const devices: Device[] = [];
  try {
    for (let o = 0; o < orgs; o += 1) {
      const owner = await register(
        systemUserContext(deps, { session: null, client: NO_IP }),
        person(`owner@district-${o}.example`, {
          user_type: 'ORG',
          organization: { name: `District school ${o + 1}`, kind: 'school', timezone: 'America/Chicago' },
        }),
      );
      const organizationId = asOrganizationId(owner.active_organization_id!);
      const ownerId = asUserId(owner.user!.id);
      const asOwner = <T>(fn: (ctx: RequestContext) => Promise<T>) =>
        database.tenant(organizationId, (tx) => fn(systemContext(tx, { organizationId, actor: ownerId, call: 'bench.district' })));
      const departmentId = asDepartmentId((await asOwner((ctx) => createDepartment(ctx, { name: 'Speech' }))).id);
      // Four at a time: the password hashes take the time, and the machine has two cores.
      for (let first = 0; first < perOrg; first += 4) {
        const batch = Array.from({ length: Math.min(4, perOrg - first) }, (_, k) => first + k);
        devices.push(
          ...(await Promise.all(
            batch.map(async (i) => {
              const signUp = systemUserContext(deps, { session: null, client: NO_IP });
              const userId = asUserId((await register(signUp, person(`therapist${i}@district-${o}.example`))).user!.id);
              const membership = await asOwner((ctx) => addMembership(ctx, { userId, role: 'therapist' }));
              const student = await asOwner((ctx) => createStudent(ctx, { firstName: 'Student', lastName: `${o}-${i}` }));
              await asOwner((ctx) => enrollStudent(ctx, { studentId: student.id }));
              const goal = await asOwner(async (ctx) => {
                await assignTherapist(ctx, (await addDepartmentStudent(ctx, departmentId, student.id)).id, membership.id);
                return assignGoal(ctx, {
                  studentId: student.id,
                  departmentId,
                  membershipId: membership.id,
                  plannedTrials: 100,
                  title: 'Names pictures',
                  measurement: 'discrete',
                  promptHierarchy: ['full physical', 'model', 'verbal', 'independent'],
                  subGoals: [],
                });
              });
              const startAt = new Date(Date.now() - 15 * 60_000);
              const [session] = await asOwner((ctx) =>
                scheduleSessions(ctx, [
                  {
                    therapistMembershipId: membership.id,
                    studentId: student.id,
                    departmentId,
                    startAt,
                    endAt: new Date(startAt.getTime() + 45 * 60_000),
                  },
                ]),
              );
              return { cookie: `${SESSION_COOKIE}=${signUp.cookie.token}`, organizationId, sessionId: session!.id, goalId: goal.id };
            }),
          )),
        );
      }
    }
  } finally {
    await database.close();
  }
  return devices;
}

export async function benchDistrict(databaseUrl: string, orgs: number, perOrg: number) {
  const seedStarted = performance.now();
  const devices = await seedDistrict(databaseUrl, orgs, perOrg);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const balancer = await startBalancer();
  const env = { DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: balancer.url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  const servers = await Promise.all([startServerProcess('a', env), startServerProcess('b', env)]);
  try {
    for (const s of servers) {
      balancer.backends.add(s.port);
      await balancer.whenReady(s.port);
    }
    let seed = 2026;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const moments = devices.map(() => random() * SECONDS * 1000);
    const bodies = devices.map((d) =>
      JSON.stringify({
        points: Array.from({ length: 100 }, (_, i) => trialTap({ goal_id: d.goalId, sub_goal_id: null }, i + 1, 'district-tablet', i + 1)),
      }),
    );
    let failed = 0;
    const start = performance.now();
    const latencies = await Promise.all(
      devices.map(async (d, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + moments[i]! - performance.now())));
        const res = await fetch(`${balancer.url}/api/collector/sessions/${d.sessionId}/points/?organization_id=${d.organizationId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: d.cookie, 'idempotency-key': uuidv7() },
          body: bodies[i],
        }).catch(() => null);
        await res?.arrayBuffer();
        if (res?.status !== 200) {
          failed += 1;
        }
        return performance.now() - (start + moments[i]!);
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      organizations: orgs,
      therapists: devices.length,
      seedSeconds: Math.round(seedSeconds),
      p50Ms: Math.round(percentile(latencies, 50)),
      p95Ms: Math.round(percentile(latencies, 95)),
      p99Ms: Math.round(percentile(latencies, 99)),
      failed,
      servedBy: servers.map((s) => balancer.served.get(s.port) ?? 0),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await balancer.close();
  }
}
