import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { hashPassword } from '../../server/lib/passwords';
import { createTestApp, describeServer, openTestDatabase, type TestApp } from '../helpers/test-app';
import { createSignedInUser, signIn, TEST_PASSWORD, uniqueEmail } from '../factories/accounts';

/**
 * What the server writes to its log and what it lets caches keep. A failed query must not put
 * the person it was about into the log (Drizzle's error message lists every parameter; the
 * database's message quotes the refused value); an API answer is never cacheable.
 */
describeServer('logs hold no personal data', () => {
  let app: FastifyInstance;
  let database: Database;
  const lines: string[] = [];
  const person = {
    id: randomUUID(),
    email: uniqueEmail('logged'),
    firstName: 'Philippa',
    lastName: 'Quatermaine',
    hash: '',
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    person.hash = await hashPassword(TEST_PASSWORD);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, staticDir: null, logStream });
    const insertPerson = (names: { first: string; last: string }) =>
      database.db.execute(
        sql`INSERT INTO users (id, email, password_hash, first_name, last_name, user_type) VALUES (${person.id}, ${person.email}, ${person.hash}, ${names.first}, ${names.last}, 'PAR')`,
      );
    // Two failing queries carrying a person, as a feature's repository would run them: the second
    // insert of the same row (a unique violation: the server's fault, 500) and a name the column
    // can't store (a NUL: the caller's data, 400).
    app.post('/api/test/duplicate-person/', { config: { access: { kind: 'public' } } }, async () => {
      await insertPerson({ first: person.firstName, last: person.lastName });
      await insertPerson({ first: person.firstName, last: person.lastName });
      return { ok: true };
    });
    app.post('/api/test/unstorable-person/', { config: { access: { kind: 'public' } } }, async () => {
      person.id = randomUUID();
      await insertPerson({ first: `${person.firstName}\u0000`, last: person.lastName });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const logged = () => lines.join('');
  const personalData = () => [person.email, person.hash, person.firstName, person.lastName];

  it('logs a failed query as its SQLSTATE, without the parameters or the database message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/duplicate-person/?email=' + encodeURIComponent(person.email) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      detail: 'Something went wrong on our side.',
      code: 'INTERNAL',
      error: 'Something went wrong on our side.',
    });
    const log = logged();
    expect(log).toContain('"sqlstate":"23505"');
    expect(log).toContain('"table":"users"');
    for (const value of personalData()) {
      expect(log).not.toContain(value);
    }
    expect(log).not.toContain('Failed query');
    expect(log).not.toContain('INSERT INTO');
  });

  it('answers a value the database refuses with 400 and a generic detail, logging neither', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/test/unstorable-person/' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; detail: string };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.detail).toBe('A value in the request cannot be stored.');
    expect(res.body).not.toContain(person.firstName);
    const log = logged();
    expect(log).toMatch(/"sqlstate":"22/);
    for (const value of personalData()) {
      expect(log).not.toContain(value);
    }
  });

  it('logs request paths without their query string', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/tenant-management/lookup/organizations/search/?q=${person.lastName}` });
    expect(logged()).toContain('/api/tenant-management/lookup/organizations/search/');
    expect(logged()).not.toContain(person.lastName);
  });
});

describeServer('API answers are never cached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends Cache-Control: no-store on answers with personal data, on errors and on unknown API paths', async () => {
    const user = await createSignedInUser(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie: user.cookie } }),
      await t.app.inject({ method: 'POST', url: '/api/users/auth/login/', payload: { email: user.email, password: TEST_PASSWORD } }),
      await t.app.inject({ method: 'POST', url: '/api/users/auth/login/', payload: { email: user.email, password: 'wrong-password-1' } }),
      await t.app.inject({ method: 'GET', url: '/api/users/auth/session/' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call/' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 401, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("carries the server's clock on every API answer, errors included, for a tablet whose own clock is wrong", async () => {
    const before = Date.now();
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/users/auth/session/' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call/' }),
    ];
    for (const res of answers) {
      const at = Number(res.headers['x-server-time']);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });
});

describeServer('idle sign-out means idle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: 1 });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('keeps a user who calls every 20 s signed in past the idle window, and signs out one idle for it', async () => {
    const user = await createSignedInUser(t);
    const idle = await signIn(t, user.email);
    const start = Date.now();
    // Only the server's clock moves (Date); the database and the event loop run in real time.
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie } });
    for (const seconds of [20, 40, 60, 80, 100, 120, 140]) {
      vi.setSystemTime(start + seconds * 1000);
      const res = await session(user.cookie);
      expect({ seconds, status: res.statusCode }).toEqual({ seconds, status: 200 });
    }
    // The other session of the same user made no call for 140 s: it ended.
    expect((await session(idle)).statusCode).toBe(401);
    vi.useRealTimers();
  });
});
