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
import { planSessions } from '../../server/features/scheduling/service-plan';
import { asDepartmentId, asOrganizationId, asUserId } from '../../server/lib/ids';
import type { PlanSlot } from '../../contract/scheduling-desk';

/**
 * Planning a term at the desk: 20 students, three sessions a week each (Monday, Wednesday, Friday
 * with their therapist, five therapists of four students), over 15 weeks: 900 sessions, with every
 * conflict check. Timed as a preview (dry run) and as the write, each in one tenant transaction as
 * the bulk call runs it (goal: ≤ 2 s), on a fresh database: PGlite in memory, or PostgreSQL at a URL.
 */
const NO_IP = { ip: '', userAgent: 'thera-bench' };
const THERAPISTS = 5;
const STUDENTS_EACH = 4;
const WEEKS = 15;

export interface PlanTermTiming {
  sessions: number;
  previewMs: number;
  writeMs: number;
}

export async function benchPlanTerm(databaseUrl?: string): Promise<PlanTermTiming> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  const deps = { database, config: testConfig() };
  const person = (email: string, extra: object = {}) =>
    RegisterBody.parse({ email, password: DEMO_PASSWORD, first_name: 'Bench', last_name: 'Person', user_type: 'THE', ...extra });
  try {
    const owner = await register(
      systemUserContext(deps, { session: null, client: NO_IP }),
      person('owner@term-plan.example', {
        user_type: 'ORG',
        organization: { name: 'Term clinic', kind: 'clinic', timezone: 'America/New_York' },
      }),
    );
    const organizationId = asOrganizationId(owner.active_organization_id!);
    const ownerId = asUserId(owner.user!.id);
    const asOwner = <T>(fn: (ctx: RequestContext) => Promise<T>) =>
      database.tenant(organizationId, (tx) => fn(systemContext(tx, { organizationId, actor: ownerId, call: 'bench.plan' })));
    const departmentId = asDepartmentId((await asOwner((ctx) => createDepartment(ctx, { name: 'Speech' }))).id);
    const slots: PlanSlot[] = [];
    for (let k = 0; k < THERAPISTS; k += 1) {
      const signUp = systemUserContext(deps, { session: null, client: NO_IP });
      const userId = asUserId((await register(signUp, person(`therapist${k}@term-plan.example`))).user!.id);
      const membership = await asOwner((ctx) => addMembership(ctx, { userId, role: 'therapist' }));
      for (let s = 0; s < STUDENTS_EACH; s += 1) {
        const student = await asOwner((ctx) => createStudent(ctx, { firstName: 'Student', lastName: `${k}-${s}` }));
        await asOwner(async (ctx) => {
          await enrollStudent(ctx, { studentId: student.id });
          await assignTherapist(ctx, (await addDepartmentStudent(ctx, departmentId, student.id)).id, membership.id);
        });
        for (const weekday of ['MO', 'WE', 'FR'] as const) {
          slots.push({
            weekday,
            start_time: `${String(9 + s).padStart(2, '0')}:00`,
            duration_minutes: 45,
            therapist_id: membership.id,
            student_id: student.id,
            department_id: departmentId,
            service_id: null,
          });
        }
      }
    }
    // A Monday to a Friday, 15 weeks later: the autumn term across the end of daylight-saving time.
    const body = {
      organization_id: organizationId,
      first_day: '2031-09-01',
      last_day: '2031-12-12',
      slots,
      include_past: false,
      override_conflicts: false,
      override_reason: '',
    };
    const timed = async (dryRun: boolean) => {
      const started = performance.now();
      const answer = await asOwner((ctx) => planSessions(ctx, { ...body, dry_run: dryRun }));
      return { ms: performance.now() - started, count: answer.count };
    };
    const preview = await timed(true);
    const write = await timed(false);
    if (preview.count !== THERAPISTS * STUDENTS_EACH * 3 * WEEKS || write.count !== preview.count) {
      throw new Error(`the term planned ${preview.count} sessions, not ${THERAPISTS * STUDENTS_EACH * 3 * WEEKS}`);
    }
    return { sessions: write.count, previewMs: preview.ms, writeMs: write.ms };
  } finally {
    await database.close();
  }
}
