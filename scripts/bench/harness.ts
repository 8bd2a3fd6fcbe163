import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { v7 as uuidv7 } from 'uuid';
import { DEMO_PASSWORD } from '../../server/seed/demo';

export interface BenchServer {
  base: string;
  stop: () => Promise<void>;
}

/** Starts scripts/bench/server-proc.ts in a child process and waits for its port. */
export async function startServer(databaseUrl?: string, extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/server-proc.ts'], {
    env: { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}), ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { port?: number };
        if (parsed.port) {
          resolve(parsed.port);
        }
      } catch {
        // not our line
      }
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export interface Therapist {
  email: string;
  userId: string;
  cookie: string;
  organizationId: string;
  sessionId: string;
  goalId: string;
  /**
   * Every (goal, sub-goal) of the session's discrete goals but (goalId, none), which the drain writes:
   * 100,000 trials each, so the load writes new keys for as long as it runs.
   */
  loadTargets: { goal_id: string; sub_goal_id: string | null }[];
}

/** Signs in as the demo therapist and picks today's first session and a discrete-trial goal. */
export async function signInTherapist(base: string, email = 'jordan.reyes@thera-demo.example'): Promise<Therapist> {
  const login = await fetch(`${base}/api/users/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`login failed: ${login.status}`);
  }
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const session = (await login.json()) as { active_organization_id: string; user: { id: string } };
  const organizationId = session.active_organization_id;
  const get = async <T>(path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!res.ok) {
      throw new Error(`${path}: ${res.status}`);
    }
    return (await res.json()) as T;
  };
  const sessions = await get<{ results: { id: string; student: { id: string } }[] }>(
    `/api/scheduling/therasessions/?organization_id=${organizationId}`,
  );
  const first = sessions.results[0];
  if (!first) {
    throw new Error('the demo therapist has no sessions');
  }
  const goals = await get<{ results: { goal_id: string; measurement: string; sub_goals: { id: string }[] }[] }>(
    `/api/theragoals/organization/${organizationId}/assigned-goals/?student_ids=${first.student.id}`,
  );
  const goal = goals.results.find((g) => g.measurement === 'discrete');
  if (!goal) {
    throw new Error('no discrete goal');
  }
  const loadTargets = goals.results
    .filter((g) => g.measurement === 'discrete')
    .flatMap((g) => [{ goal_id: g.goal_id, sub_goal_id: null }, ...g.sub_goals.map((s) => ({ goal_id: g.goal_id, sub_goal_id: s.id }))])
    .filter((target) => !(target.goal_id === goal.goal_id && target.sub_goal_id === null));
  return { email, userId: session.user.id, cookie, organizationId, sessionId: first.id, goalId: goal.goal_id, loadTargets };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) {
    return NaN;
  }
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** A correct discrete trial of `target`, tapped now by `device` (the point every load and profile sends). */
export function trialTap(target: { goal_id: string; sub_goal_id: string | null }, trialNo: number, device: string, seq: number) {
  return {
    id: uuidv7(),
    ...target,
    trial_no: trialNo,
    kind: 'trial',
    outcome: 'correct',
    prompt_level: null,
    count: null,
    duration_ms: null,
    recorded_at: new Date().toISOString(),
    device_id: device,
    device_seq: seq,
  };
}
