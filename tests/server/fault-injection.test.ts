/**
 * The chaos test's injected faults (E2E_FAULTS): the parser, the draw, and what each mode answers:
 * a portal's 200 text/html, a proxy's empty 204, a stuck 500 for one key's consecutive attempts,
 * none of them applying the call or echoing the Idempotency-Key.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { parseFaults, pickFault, registerFaultInjection } from '../../server/plugins/fault-injection';
import { registerIdempotencyEcho } from '../../server/plugins/idempotency';
import { loadConfig } from '../../server/config';

describe('parseFaults', () => {
  it('reads every mode, keeps the old two working, and defaults stuck500_count to 6', () => {
    expect(parseFaults(undefined)).toBeNull();
    expect(parseFaults('unavailable=0.05,drop=0.05')).toEqual({
      unavailable: 0.05,
      drop: 0.05,
      portal: 0,
      nocontent: 0,
      stuck500: 0,
      stuck500_count: 6,
    });
    expect(parseFaults('portal=0.1,nocontent=.2,stuck500=0.03,stuck500_count=4')).toEqual({
      unavailable: 0,
      drop: 0,
      portal: 0.1,
      nocontent: 0.2,
      stuck500: 0.03,
      stuck500_count: 4,
    });
    expect(parseFaults('portal=1')?.portal).toBe(1);
  });

  it('refuses unknown names, shares outside 0–1, a total above 1 and a bad count', () => {
    expect(() => parseFaults('teapot=0.1')).toThrow(/unknown fault "teapot"/);
    expect(() => parseFaults('portal=1.5')).toThrow(/portal must be a share/);
    expect(() => parseFaults('portal=x')).toThrow(/portal must be a share/);
    expect(() => parseFaults('portal=0.6,nocontent=0.6')).toThrow(/more than 1/);
    expect(() => parseFaults('stuck500_count=0')).toThrow(/stuck500_count/);
    expect(() => parseFaults('stuck500_count=2.5')).toThrow(/stuck500_count/);
  });

  it('is checked by the configuration at start-up', () => {
    expect(loadConfig({ E2E_FAULTS: 'portal=0.05,stuck500=0.01' }).E2E_FAULTS).toBe('portal=0.05,stuck500=0.01');
    expect(() => loadConfig({ E2E_FAULTS: 'portal=2' })).toThrow(/E2E_FAULTS/);
  });
});

describe('pickFault', () => {
  it('lays the shares end to end in a fixed order', () => {
    const faults = parseFaults('unavailable=0.1,drop=0.1,portal=0.1,nocontent=0.1,stuck500=0.1')!;
    expect([0, 0.15, 0.25, 0.35, 0.45, 0.5, 0.99].map((roll) => pickFault(faults, roll))).toEqual([
      'unavailable',
      'drop',
      'portal',
      'nocontent',
      'stuck500',
      null,
      null,
    ]);
  });
});

async function faultyApp(spec: string) {
  const app = Fastify();
  let applied = 0;
  registerIdempotencyEcho(app);
  registerFaultInjection(app, spec, () => 0);
  app.post('/api/collector/thing/', async () => {
    applied += 1;
    return { ok: true };
  });
  app.get('/api/collector/thing/', async () => ({ ok: true }));
  await app.ready();
  return { app, applied: () => applied };
}
const post = (app: Awaited<ReturnType<typeof faultyApp>>['app'], key: string) =>
  app.inject({ method: 'POST', url: '/api/collector/thing/', headers: { 'idempotency-key': key }, payload: {} });

describe('injected answers', () => {
  it('portal: 200 text/html terms page, nothing applied, no key echoed', async () => {
    const { app, applied } = await faultyApp('portal=1');
    const res = await post(app, 'key-portal-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/accept the terms/i);
    expect(res.headers['idempotency-key']).toBeUndefined();
    expect(applied()).toBe(0);
    // Reads are not touched.
    expect((await app.inject({ method: 'GET', url: '/api/collector/thing/' })).json()).toEqual({ ok: true });
  });

  it('nocontent: 204 with no body, nothing applied, no key echoed', async () => {
    const { app, applied } = await faultyApp('nocontent=1');
    const res = await post(app, 'key-nocontent-1');
    expect([res.statusCode, res.body, res.headers['idempotency-key']]).toEqual([204, '', undefined]);
    expect(applied()).toBe(0);
  });

  it('stuck500: the same key is answered 500 for stuck500_count attempts, then goes through', async () => {
    const { app, applied } = await faultyApp('stuck500=0,stuck500_count=3');
    // With a share of 0 nothing gets stuck.
    expect((await post(app, 'key-free-0001')).statusCode).toBe(200);
    const stuck = await faultyApp('stuck500=1,stuck500_count=3');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await post(stuck.app, 'key-stuck-0001')).statusCode);
    }
    expect(statuses).toEqual([500, 500, 500]);
    expect(stuck.applied()).toBe(0);
    expect(applied()).toBe(1);
  });

  it('a key stuck once stays stuck for its count even when the draw would let it through', async () => {
    const app = Fastify();
    let roll = 0;
    let applied = 0;
    registerIdempotencyEcho(app);
    registerFaultInjection(app, 'stuck500=0.5,stuck500_count=3', () => roll);
    app.post('/api/collector/thing/', async () => {
      applied += 1;
      return { ok: true };
    });
    const first = await post(app, 'key-sticky-01');
    roll = 0.9;
    const second = await post(app, 'key-sticky-01');
    const third = await post(app, 'key-sticky-01');
    const fourth = await post(app, 'key-sticky-01');
    expect([first.statusCode, second.statusCode, third.statusCode, fourth.statusCode]).toEqual([500, 500, 500, 200]);
    expect(fourth.headers['idempotency-key']).toBe('key-sticky-01');
    expect(applied).toBe(1);
  });
});
