import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindOutboxToAuth } from '../../src/features/collector/outbox-auth';
import { authStore } from '../../src/shared/auth/auth-store';
import { outbox } from '../../src/shared/outbox/outbox';

const user = {
  id: '0190f5a2-7c1e-7000-8000-000000000001',
  email: 't@example.com',
  user_type: 'THE' as const,
  first_name: 'T',
  last_name: 'R',
  phone_number: '',
  current_usage: null,
};
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the outbox follows the signed-in user', () => {
  const start = vi.spyOn(outbox, 'start').mockResolvedValue(undefined);
  const resume = vi.spyOn(outbox, 'resume').mockResolvedValue(undefined);
  beforeAll(() => {
    authStore.reset();
    bindOutboxToAuth();
  });
  afterAll(() => vi.restoreAllMocks());

  it('starts for the user and sends again when the server confirms a sign-in', async () => {
    authStore.dispatch({ type: 'loginSuccess', session: { user, locked: false, active_organization_id: null } });
    await flush();
    expect(start).toHaveBeenLastCalledWith(user.id);
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('keeps the user while locked and resumes after unlock', async () => {
    const starts = start.mock.calls.length;
    authStore.dispatch({ type: 'locked' });
    await flush();
    expect(start).toHaveBeenCalledTimes(starts);
    authStore.dispatch({ type: 'sessionRestored', session: { user, locked: false, active_organization_id: null }, source: 'server' });
    await flush();
    expect(resume).toHaveBeenCalledTimes(2);
  });

  it('stops sending on sign-out (the items stay on the device with their user)', async () => {
    authStore.dispatch({ type: 'logout' });
    await flush();
    expect(start).toHaveBeenLastCalledWith(null);
  });
});
