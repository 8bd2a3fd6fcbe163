import { SCALE_OWNER } from '../../server/seed/scale';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { percentile } from './harness';

/**
 * The admin lists on the scale organization (2,000 students and their enrollments, 200 therapists'
 * memberships, 60 departments, 40 programs, 30 classrooms): each list's first page, a search and a deep page, timed one request
 * after another as the owner's browser would ask (goal: p95 ≤ 50 ms on PGlite and PostgreSQL).
 */
export interface ListTiming {
  list: string;
  count: number;
  medianMs: number;
  p95Ms: number;
}

export async function benchAdminLists(base: string, requestsPerList: number): Promise<ListTiming[]> {
  const login = await fetch(`${base}/api/users/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: SCALE_OWNER, password: DEMO_PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`scale owner sign-in failed: ${login.status}`);
  }
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const orgs = (await (await fetch(`${base}/api/tenant-management/organizations/`, { headers: { cookie } })).json()) as {
    results: { code: string; name: string }[];
  };
  const code = orgs.results.find((o) => o.name === 'Scale Clinic')?.code;
  if (!code) {
    throw new Error('the scale organization is not seeded (BENCH_SCALE_WEEKS)');
  }
  const T = `/api/tenant-management/organization/${code}`;
  const lists: [string, string][] = [
    ['students, page 1 of 20', `${T}/students/?page_size=20`],
    ['students, search "Chen"', `${T}/students/?page_size=20&search=Chen`],
    ['students, page 50 of 20', `${T}/students/?page=50&page_size=20`],
    ['therapists, page 1 of 20', `${T}/therapists/?page_size=20`],
    ['parents, page 1 of 20', `${T}/parents/?page_size=20`],
    ['departments, page 1 of 20', `${T}/departments/?page_size=20`],
    ['programs, page 1 of 20', `${T}/programs/?page_size=20`],
    ['classrooms, page 1 of 20', `/api/classrooms/organization/${code}/classrooms/?page_size=20`],
    ['services, page 1 of 20', `${T}/services/?page_size=20`],
    ['students, 100 per page', `${T}/students/?page_size=100`],
    ['memberships, page 1 of 20', `${T}/memberships/?page_size=20`],
    ['memberships, search "Chen"', `${T}/memberships/?page_size=20&search=Chen&status=all`],
    ['enrollments, page 1 of 20', `/api/tenant-management/enrollment/organization/${code}/enrollments/?page_size=20`],
    ['enrollments, search "Chen"', `/api/tenant-management/enrollment/organization/${code}/enrollments/?page_size=20&search=Chen`],
    ['enrollments, page 50 of 20', `/api/tenant-management/enrollment/organization/${code}/enrollments/?page=50&page_size=20`],
  ];
  const timings: ListTiming[] = [];
  for (const [list, path] of lists) {
    const url = `${base}${path}`;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < requestsPerList + 3; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { count?: number };
      const elapsed = performance.now() - started;
      if (!res.ok) {
        throw new Error(`${list}: ${res.status}`);
      }
      count = body.count ?? 0;
      if (i >= 3) {
        times.push(elapsed); // the first three warm the caches
      }
    }
    times.sort((a, b) => a - b);
    timings.push({ list, count, medianMs: percentile(times, 50), p95Ms: percentile(times, 95) });
  }
  return timings;
}
