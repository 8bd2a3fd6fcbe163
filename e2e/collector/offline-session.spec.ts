import { expect, test } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  compareWithServer,
  expectAllSent,
  fetchCollectorSession,
  fetchTherasession,
  goOffline,
  goOnline,
  pointKey,
  settledText,
  signInThroughApi,
  targetGroup,
  waitForServiceWorker,
  type Expected,
  scheduleFreshSession,
} from '../support/collector-helpers';

/**
 * A whole session without a connection. The day is cached once online; then, with the
 * network cut for the page and the service worker, the app starts cold, the therapist starts the
 * session, collects on several targets and ends it; a reload while still offline shows all of it;
 * back online, everything reaches the server.
 */
test('a session started, collected and ended offline survives a reload and reaches the server', async ({ page, context }) => {
  test.setTimeout(4 * 60_000);
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);

  // Online once: Today caches the day (sessions, students, goals) on the device.
  const sessionId = await scheduleFreshSession(page, base, 'Leo Thompson');
  await page.goto(`${base}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  await waitForServiceWorker(page);

  // From here on, no network at all, and the app starts again from the worker's cache.
  await goOffline(context);
  await page.reload();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));

  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');

  // Goal ids come from the device's cached goals as the screen names them; the server is asked later.
  const expected = new Map<string, { name: string; want: Expected; promptLevel?: boolean }>();
  const scores: [string, 'Correct' | 'Incorrect' | 'No response' | 'Prompted'][] = [
    ['clap hands', 'Correct'],
    ['clap hands', 'Incorrect'],
    ['arms up', 'No response'],
    ['touch head', 'Prompted'],
    ['touch head', 'Correct'],
  ];
  const trialOf = new Map<string, number>();
  for (const [name, outcome] of scores) {
    const group = targetGroup(page, name);
    const trial = trialOf.get(name) ?? Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    if (outcome === 'Prompted') {
      await group.getByRole('group', { name: 'Prompt level' }).getByRole('button').first().click();
    }
    await expect(page.getByTestId('save-state')).toContainText(`for ${name}, trial ${trial}`);
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
    trialOf.set(name, trial + 1);
    expected.set(`${name}#${trial}`, {
      name,
      want: { outcome: outcome.toLowerCase().replace(' ', '_'), count: null },
      promptLevel: outcome === 'Prompted',
    });
  }
  const counts: [string, '+' | '−'][] = [
    ['waves', '+'],
    ['waves', '+'],
    ['waves', '+'],
    ['waves', '−'],
    ['says "hi"', '+'],
  ];
  const countOf = new Map<string, number>();
  for (const [name, sign] of counts) {
    const group = targetGroup(page, name);
    const next = (countOf.get(name) ?? 0) + (sign === '+' ? 1 : -1);
    await group.getByRole('button', { name: sign, exact: true }).click();
    await expect(group.getByTestId('count')).toHaveText(String(next));
    countOf.set(name, next);
  }

  // End it, still offline: action, a note with spaces around it.
  await page.getByRole('button', { name: 'End session' }).click();
  const dialog = page.getByRole('dialog', { name: 'End session' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Completed/ }).check();
  await dialog.getByLabel('Note').fill('   Worked well; two breaks.  \n');
  await dialog.getByRole('button', { name: /save and end/i }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-status')).toHaveText('Completed');
  await expect(page.getByTestId('sync-state')).toHaveText('Saved on this device');
  const pendingOffline = Number(await settledText(page.getByTestId('sync-pending')));
  expect(pendingOffline, 'operations waiting on the device').toBeGreaterThan(0);

  // A reload while offline: the session is still ended and every value is still there.
  await page.reload();
  await expect(page.getByTestId('session-status')).toHaveText('Completed', { timeout: 30_000 });
  await expect(page.getByRole('note')).toContainText('This session ended');
  for (const [name, trial] of trialOf) {
    await expect(targetGroup(page, name).getByTestId('trial-no')).toHaveText(String(trial));
  }
  for (const [name, count] of countOf) {
    await expect(targetGroup(page, name).getByTestId('count')).toHaveText(String(count));
  }
  await expect(page.getByTestId('sync-pending')).toHaveText(String(pendingOffline));

  // Back online: the outbox sends it all.
  await goOnline(context);
  await expectAllSent(page, 120_000);

  const server = await fetchCollectorSession(page.request, base, sessionId, me.organizationId);
  const idOf = new Map<string, { goalId: string; subGoalId: string | null; levels: string[] }>();
  for (const goal of server.goals) {
    for (const sub of goal.sub_goals) {
      idOf.set(sub.title, { goalId: goal.goal_id, subGoalId: sub.id, levels: goal.prompt_hierarchy });
    }
  }
  const want = new Map<string, Expected>();
  for (const [key, e] of expected) {
    const ids = idOf.get(e.name)!;
    want.set(pointKey(ids.goalId, ids.subGoalId, Number(key.split('#')[1])), e.want);
  }
  for (const [name, count] of countOf) {
    const ids = idOf.get(name)!;
    want.set(pointKey(ids.goalId, ids.subGoalId, 1), { outcome: null, count });
  }
  const { lost, duplicated } = compareWithServer(want, server);
  expect(lost, 'lost').toEqual([]);
  expect(duplicated, 'duplicated').toEqual([]);
  // The prompted trial kept its level (the first of the goal's hierarchy).
  const touchHead = idOf.get('touch head')!;
  const prompted = server.goals.flatMap((g) => g.data).find((p) => p.sub_goal_id === touchHead.subGoalId && p.outcome === 'prompted');
  expect(prompted?.prompt_level).toBe(touchHead.levels[0] ?? null);

  const session = await fetchTherasession(page.request, base, sessionId, me.organizationId);
  expect(session.status).toBe('completed');
  expect(session.note).toBe('Worked well; two breaks.');
  expect(session.started_at).not.toBeNull();
  expect(session.client_ended_at).not.toBeNull();
  // client_ended_at is the tap's device time, before the server heard of it.
  expect(Date.parse(session.client_ended_at!)).toBeLessThanOrEqual(Date.parse(session.ended_at ?? new Date().toISOString()));
});

/**
 * A therapist walks out of Wi-Fi for a while and comes back: while offline each try fails and the
 * outbox backs off (up to 60 s), but the connection coming back ('online') must send at once rather
 * than wait out a backoff earned while there was no network at all.
 */
test('back online after a long time offline, the waiting taps go at once', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const sessionId = await scheduleFreshSession(page, base, 'Noah Bennett');
  await page.goto(`${base}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  await waitForServiceWorker(page);
  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(page, 60_000);

  // Offline for over 30 s, a tap every 5 s: the outbox keeps trying and backing off meanwhile.
  await goOffline(context);
  const tries: number[] = [];
  await context.route(/\/api\/collector\/sessions\/.*\/points\//, (route) => {
    tries.push(Date.now());
    return route.fallback(); // to the offline route: aborted
  });
  const group = targetGroup(page, 'clap hands');
  const offlineAt = Date.now();
  let trial = 1;
  while (Date.now() < offlineAt + 30_000) {
    await group.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
    trial += 1;
    await page.waitForTimeout(5_000); // the therapist's pace; time offline is what this test is about
  }
  await expect(page.getByTestId('sync-state')).toHaveText('Saved on this device');
  // Come back right after a failed try, when the backoff ahead is longest (16 s or more by now).
  const triesSoFar = tries.length;
  await expect.poll(() => tries.length, { timeout: 60_000, message: 'the outbox tries again while offline' }).toBeGreaterThan(triesSoFar);
  console.log(
    `offline ${Math.round((Date.now() - offlineAt) / 1000)} s, ${tries.length} tries, the last ${((tries.at(-1)! - tries.at(-2)!) / 1000).toFixed(1)} s after the one before`,
  );

  const backAt = Date.now();
  await goOnline(context);
  await expectAllSent(page, 60_000);
  const seconds = (Date.now() - backAt) / 1000;
  console.log(`back online: all ${trial - 1} taps sent within ${seconds.toFixed(1)} s`);
  const server = await fetchCollectorSession(page.request, base, sessionId, me.organizationId);
  expect(server.goals.flatMap((g) => g.data)).toHaveLength(trial - 1);
  // 1 s of the all-sent check is waiting for the state to hold.
  expect(seconds, 'seconds from reconnecting to all sent').toBeLessThan(6);
});
