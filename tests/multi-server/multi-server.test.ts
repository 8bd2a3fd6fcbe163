/**
 * Two API servers from this checkout (server/start.ts, each a process of its own) on one PostgreSQL,
 * behind a round-robin balancer on loopback, as a district that outgrew one machine runs Thera:
 * started together on an empty database, limits counted once, a job run once, each server
 * restarted in turn under steady reads and writes, and an offline drain through both with one
 * killed. What is counted is what a client sees: failed answers, empty answers, points stored.
 */
import 'fake-indexeddb/auto';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { v7 as uuidv7 } from 'uuid';
import { migrationsFolder } from '../../server/db/client';
import { DEMO_SIGN_INS } from '../../server/seed/demo';
import { signInTherapist, trialTap, type Therapist } from '../../scripts/bench/harness';
import { TheraDb } from '../../src/shared/db/db';
import { drain, fetchSender } from '../../src/shared/outbox/drain';
import { loadCallEagerly } from '../../src/shared/outbox/load-call-eager';
import type { OutboxOp } from '../../src/shared/outbox/types';
import { startBalancer, type Balancer } from '../../scripts/bench/balancer';
import { logged, startServerProcess, type ServerProcess } from '../../scripts/bench/server-process';
import '../helpers/provided';

const postgres = inject('postgres');
const describeWithPostgres = postgres ? describe : describe.skip;
const OWNER = DEMO_SIGN_INS[0]!.email;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithPostgres('two API servers on one PostgreSQL', () => {
  let databaseUrl = '';
  let proxy: Balancer;
  const servers: Record<'a' | 'b', ServerProcess | null> = { a: null, b: null };
  let therapist: Therapist;

  const start = (name: 'a' | 'b') =>
    startServerProcess(name, {
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: proxy.url,
      SEED_DEMO: 'true',
      // Longer than the balancer takes to stop sending to a server that reports not ready (two failed
      // checks, each waiting up to a second), as a deployment sets it against its balancer's checks.
      SHUTDOWN_DELAY_MS: '2500',
      JOB_POLL_SECONDS: '0.5',
      RATE_LIMIT_AUTH_PER_MINUTE: '10',
      TRUST_PROXY: 'true',
    });
  const serve = async (name: 'a' | 'b') => {
    const server = await start(name);
    servers[name] = server;
    proxy.backends.add(server.port);
    await proxy.whenReady(server.port);
    return server;
  };

  beforeAll(async () => {
    const name = `thera_multi_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres!.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} OWNER ${postgres!.ownerRole}`);
    await admin.end();
    databaseUrl = `${postgres!.ownerUrlBase}${name}`;
    proxy = await startBalancer();
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((s) => s?.kill()));
    await proxy?.close();
  });

  it('start together on an empty database: they migrate and seed once', async () => {
    const [a, b] = await Promise.all([start('a'), start('b')]);
    Object.assign(servers, { a, b });
    for (const s of [a, b]) {
      proxy.backends.add(s.port);
      await proxy.whenReady(s.port);
    }
    const seeded = [a, b].flatMap((s) => s.lines.filter((l) => l.includes('Seeded the demo organizations.')));
    expect(seeded).toHaveLength(1);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const migrations = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
      expect((await db.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n).toBe(migrations);
      expect((await db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [OWNER])).rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('count the sign-in limit once: 10 wrong passwords a minute for one account and address, whichever server answers', async () => {
    const before = new Map(proxy.served);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const res = await fetch(`${proxy.url}/api/users/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ email: OWNER, password: 'not the password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Both servers answered some of them.
    for (const s of [servers.a!, servers.b!]) {
      expect((proxy.served.get(s.port) ?? 0) - (before.get(s.port) ?? 0)).toBeGreaterThan(2);
    }
  });

  it('run a job once, whichever server takes it', async () => {
    const boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false });
    await boss.start();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 12; i += 1) {
        ids.push((await boss.send('prune-rate-limit-counters', { round: i }))!);
      }
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    const runs = () => [servers.a!, servers.b!].flatMap((s) => logged(s, 'job done').map((e) => String(e.jobId)));
    const deadline = Date.now() + 30_000;
    while (ids.some((id) => !runs().includes(id)) && Date.now() < deadline) {
      await sleep(200);
    }
    const ours = runs().filter((id) => ids.includes(id));
    expect(ours.sort()).toEqual([...ids].sort());
  });

  it('restart each server in turn under steady reads and writes: no failed and no empty answer', async () => {
    therapist = await signInTherapist(proxy.url);
    const counts = { reads: 0, writes: 0, failed: [] as string[], empty: 0 };
    let running = true;
    let trial = 0;
    const target = therapist.loadTargets[0]!;
    const reader = async () => {
      while (running) {
        const res = await fetch(`${proxy.url}/api/scheduling/therasessions/?organization_id=${therapist.organizationId}`, {
          headers: { cookie: therapist.cookie },
        }).catch((error: Error) => ({ status: 0, statusText: error.message, json: async () => null, text: async () => error.message }));
        counts.reads += 1;
        if (res.status !== 200) {
          counts.failed.push(`read ${res.status} ${await res.text()}`);
        } else if (((await res.json()) as { results: unknown[] }).results.length === 0) {
          counts.empty += 1;
        }
      }
    };
    const writer = async () => {
      while (running) {
        const points = Array.from({ length: 5 }, () => trialTap(target, (trial += 1), 'multi-server-1', trial));
        const res = await fetch(
          `${proxy.url}/api/collector/sessions/${therapist.sessionId}/points/?organization_id=${therapist.organizationId}`,
          {
            method: 'POST',
            headers: { cookie: therapist.cookie, 'content-type': 'application/json', 'idempotency-key': uuidv7() },
            body: JSON.stringify({ points }),
          },
        ).catch((error: Error) => ({ status: 0, statusText: error.message, text: async () => error.message }));
        counts.writes += 1;
        if (res.status !== 200) {
          counts.failed.push(`write ${res.status} ${await res.text()}`);
        }
      }
    };
    const load = [reader(), reader(), writer(), writer()];
    await sleep(500);
    for (const name of ['a', 'b'] as const) {
      const old = servers[name]!;
      expect(await old.stop()).toBe(0);
      proxy.backends.delete(old.port);
      await serve(name);
      await sleep(500);
    }
    running = false;
    await Promise.all(load);
    expect(counts.failed).toEqual([]);
    expect(counts.empty).toBe(0);
    expect(counts.reads).toBeGreaterThan(50);
    expect(counts.writes).toBeGreaterThan(20);
  });

  it('drain an offline outbox through both servers, one killed midway: every point once', async () => {
    const db = new TheraDb(`multi-server-${Date.now()}`);
    await db.open();
    const target = therapist.loadTargets[1]!;
    const N = 60;
    // Each point goes alone (its own batch), so the drain is 60 requests spread over both servers.
    const ops: OutboxOp[] = Array.from({ length: N }, (_, i) => {
      const id = uuidv7();
      return {
        id,
        userId: therapist.userId,
        organizationId: therapist.organizationId,
        lane: `session:${therapist.sessionId}`,
        kind: 'points.upsert',
        params: { id: therapist.sessionId },
        body: trialTap(target, i + 1, 'multi-server-2', i + 1),
        coalesceKey: null,
        state: 'pending',
        batchId: id,
        leaseUntil: 0,
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: Date.now(),
        lastError: null,
      };
    });
    await db.outbox.bulkAdd(ops);
    let sent = 0;
    const victim = servers.b!;
    const send = fetchSender((url, init) => {
      sent += 1;
      if (sent === 20) {
        void victim.kill();
      }
      return fetch(`${proxy.url}${String(url)}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), cookie: therapist.cookie },
      });
    }, 5000);
    const deadline = Date.now() + 60_000;
    while ((await db.outbox.count()) > 0 && Date.now() < deadline) {
      const result = await drain({
        db,
        send,
        loadCall: loadCallEagerly,
        now: Date.now,
        newId: uuidv7,
        userId: therapist.userId,
        exclusive: true,
      });
      expect(result.paused).toBeNull();
      if (result.waitingUntil) {
        await sleep(Math.max(0, result.waitingUntil - Date.now()));
      }
    }
    expect(await db.outbox.count()).toBe(0);
    expect(await victim.exited).not.toBe(0);
    servers.b = null;
    const res = await fetch(`${proxy.url}/api/collector/sessions/${therapist.sessionId}/?organization_id=${therapist.organizationId}`, {
      headers: { cookie: therapist.cookie },
    });
    const stored = ((await res.json()) as { goals: { goal_id: string; data: { sub_goal_id: string | null; trial_no: number }[] }[] }).goals
      .filter((g) => g.goal_id === target.goal_id)
      .flatMap((g) => g.data.filter((p) => p.sub_goal_id === target.sub_goal_id).map((p) => p.trial_no));
    expect(stored.sort((x, y) => x - y)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    db.close();
    await db.delete();
  });
});
