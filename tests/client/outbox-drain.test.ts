import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { TheraDb } from '../../src/shared/db/db';
import { commitWithOp } from '../../src/shared/outbox/commit';
import { drain } from '../../src/shared/outbox/drain';
import { PAUSE_KEY, resume } from '../../src/shared/outbox/drain-state';
import type { OutboxOp } from '../../src/shared/outbox/types';
import { acknowledged, apiAnswer, loadCall } from './outbox-api-answer';

let n = 0;
const op = (id: string): OutboxOp => ({
  id,
  userId: 'u',
  organizationId: '00000000-0000-4000-8000-000000000001',
  lane: 'session:s',
  kind: 'focus.stop',
  params: { id: '00000000-0000-4000-8000-000000000002' },
  body: {},
  coalesceKey: null,
  state: 'pending',
  batchId: null,
  leaseUntil: 0,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  lastError: null,
});

describe('outbox pause for sign-in', () => {
  it('pauses on 401 and keeps the operation', async () => {
    const db = new TheraDb(`drain-${n++}`);
    await db.open();
    await commitWithOp(db.backendDB(), [], op('a-aaaaaaaa'));
    const result = await drain({
      db,
      send: async (request) => apiAnswer(request, 401, { code: 'NOT_SIGNED_IN', detail: 'Sign in.' }),
      loadCall,
      now: () => 0,
      newId: () => 'x-aaaaaaaa',
      userId: 'u',
      exclusive: true,
    });
    expect(result.paused).toBe('signin');
    expect((await db.meta.get(PAUSE_KEY))?.value).toBe('signin');
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('does not pause for a 401 answering a request sent before the user signed in again', async () => {
    const db = new TheraDb(`drain-${n++}`);
    await db.open();
    await commitWithOp(db.backendDB(), [], op('a-aaaaaaaa'));
    const answers = [401, 200];
    const result = await drain({
      db,
      send: async (request) => {
        const status = answers.shift() ?? 200;
        if (status === 401) {
          await resume(db); // the user signs in while the old request is on its way back
          return apiAnswer(request, 401, { code: 'NOT_SIGNED_IN', detail: 'Sign in.' });
        }
        return apiAnswer(request, status, acknowledged(request));
      },
      loadCall,
      now: () => 0,
      newId: () => 'x-aaaaaaaa',
      userId: 'u',
      exclusive: true,
    });
    expect(result.paused).toBeNull();
    expect(await db.meta.get(PAUSE_KEY)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
