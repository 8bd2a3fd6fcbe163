import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { appBuildIsStale } from '../../server/lib/app-build';
import { isDemoAddress } from '../../server/lib/demo-accounts';
import { DEMO_SIGN_INS } from '../../server/seed/demo';
import { SCALE_OWNER } from '../../server/seed/scale';
import { auditEvents } from '../helpers/db';
import { describeServer, useTestApp } from '../helpers/test-app';
import { TEST_PASSWORD, createUser } from '../factories/accounts';

const LOGIN = '/api/users/auth/login/';
const root = path.resolve(import.meta.dirname, '../..');

describe('the demo on a server that runs for real', () => {
  it('is seeded and signed into on a machine of its own, and neither for real unless asked for', () => {
    const demo = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig(env);
      return { seeded: config.SEED_DEMO, signIn: config.DEMO_SIGN_IN };
    };
    expect(demo({})).toEqual({ seeded: true, signIn: true });
    expect(demo({ SEED_DEMO: 'false' })).toEqual({ seeded: false, signIn: true });
    expect(demo({ NODE_ENV: 'production' })).toEqual({ seeded: false, signIn: false });
    expect(demo({ PUBLIC_ORIGIN: 'https://thera.clinic.example' })).toEqual({ seeded: false, signIn: false });
    expect(demo({ NODE_ENV: 'production', SEED_DEMO: 'false' })).toEqual({ seeded: false, signIn: false });
    expect(demo({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual({ seeded: true, signIn: true });
  });

  it('knows every seeded sign-in as a demo address, and no ordinary one', () => {
    expect([...DEMO_SIGN_INS.map((s) => s.email), SCALE_OWNER].filter((email) => !isDemoAddress(email))).toEqual([]);
    expect(isDemoAddress('Owner@Harbor-Clinic.example ')).toBe(true);
    expect(['owner@harbor-clinic.org', 'jane@example.com', 'x@thera-demo.example.com'].filter(isDemoAddress)).toEqual([]);
  });
});

describeServer('POST /api/users/auth/login/ with the demo turned off', () => {
  const t = useTestApp({ DEMO_SIGN_IN: false });

  it('refuses a demo account with a sentence, audited, and signs an ordinary account in', async () => {
    const demoUser = await createUser(t, { email: `someone.${Date.now()}@thera-demo.example` });
    const refused = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: demoUser.email, password: TEST_PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      detail: 'The demo accounts are turned off on this server. Sign in with your own account.',
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await auditEvents(t.database, demoUser.id)).at(-1)).toMatchObject({ event: 'sign_in_failed', detail: { reason: 'demo_off' } });

    const ordinary = await createUser(t);
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: ordinary.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password for a demo account as for any account', async () => {
    const demoUser = await createUser(t, { email: `other.${Date.now()}@family-demo.example` });
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: demoUser.email, password: 'not-the-password-1' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('npm start on a port another process holds', () => {
  it('stops before building or seeding, with one sentence', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-port-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_APP: 'false', LOG_LEVEL: 'silent' },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `Port ${port} is already in use by another process: stop that process, or start Thera on another port (for example PORT=${port + 1} npm start).`,
      );
      // Nothing was made before the check: no database in the data directory.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      holder.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm start after the sources changed', () => {
  it('builds the app when there is no build, or a source is newer than it, and not otherwise', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-build-'));
    try {
      const dist = path.join(dir, 'dist');
      const source = path.join(dir, 'src', 'features', 'screen.tsx');
      fs.mkdirSync(path.dirname(source), { recursive: true });
      fs.writeFileSync(source, 'export {};');
      expect(appBuildIsStale(dir, dist)).toBe(true);

      fs.mkdirSync(dist);
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
      const day = (n: number) => new Date(Date.UTC(2026, 10, n));
      fs.utimesSync(source, day(1), day(1));
      fs.utimesSync(path.dirname(source), day(1), day(1));
      fs.utimesSync(path.join(dir, 'src'), day(1), day(1));
      fs.utimesSync(path.join(dist, 'index.html'), day(2), day(2));
      expect(appBuildIsStale(dir, dist)).toBe(false);

      fs.utimesSync(source, day(3), day(3));
      expect(appBuildIsStale(dir, dist)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
