import { SCALE_OWNER } from '../../server/seed/scale';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { percentile } from './harness';
import type { ListTiming } from './admin-lists';

/**
 * The student's page on the scale organization: the record of its first student (20 goals, a year
 * of sessions with ten trials of each goal: server/seed/scale-record.ts), asked as the owner's
 * browser asks it, one request after another (goal: p95 ≤ 100 ms on PGlite and PostgreSQL).
 */
export async function benchStudentRecord(base: string, requests: number): Promise<ListTiming> {
  const login = await fetch(`${base}/api/users/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: SCALE_OWNER, password: DEMO_PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`scale owner sign-in failed: ${login.status}`);
  }
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`, { headers: { cookie } })).json()) as T;
  const orgs = await get<{ results: { id: string; code: string; name: string }[] }>('/api/tenant-management/organizations/');
  const org = orgs.results.find((o) => o.name === 'Scale Clinic');
  if (!org) {
    throw new Error('the scale organization is not seeded (BENCH_SCALE_WEEKS)');
  }
  // The scale seed's first student is "Hugo Adams-7" (server/seed/scale.ts names them from the 8th name on).
  const found = await get<{ results: { id: string; first_name: string; last_name: string }[] }>(
    `/api/tenant-management/organization/${org.code}/students/?search=Adams-7&page_size=100`,
  );
  const student = found.results.find((s) => s.last_name === 'Adams-7');
  if (!student) {
    throw new Error('the scale organization has no first student');
  }
  const url = `${base}/api/student-record/organization/${org.id}/students/${student.id}/`;
  const times: number[] = [];
  let goals = 0;
  for (let i = 0; i < requests + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = (await res.json()) as { goals: unknown[] | null };
    const elapsed = performance.now() - started;
    if (!res.ok) {
      throw new Error(`student record: ${res.status}`);
    }
    goals = body.goals?.length ?? 0;
    if (i >= 3) {
      times.push(elapsed); // the first three warm the caches
    }
  }
  times.sort((a, b) => a - b);
  return {
    list: 'student page, 20 goals and a year of sessions',
    count: goals,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
  };
}
