import { expect, test, type Route } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  compareWithServer,
  expectAllSent,
  fetchCollectorSession,
  openSessionFromToday,
  pointKey,
  signInThroughApi,
  targetGroup,
  waitForServiceWorker,
  type Expected,
} from '../support/collector-helpers';

const PORTAL_PAGE =
  '<!doctype html><html><head><title>School Wi-Fi</title></head><body><h1>Welcome</h1><p>Accept the terms of use to continue.</p></body></html>';

/**
 * A school's Wi-Fi with a sign-in portal answers every /api/ call with its own page (200 text/html).
 * That is not a delivery: the taps stay on the device, the indicator says what is wrong, and once
 * the network lets Thera through, every tap reaches the server exactly once.
 */
test('taps made behind a sign-in portal stay on the device, the indicator says so, and all arrive once it lets Thera through', async ({
  page,
  context,
}) => {
  test.setTimeout(3 * 60_000);
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const sessionId = await openSessionFromToday(page, base, 'Noah Bennett');
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(page, 60_000);

  // The portal answers the outbox's calls, from the page and from the service worker alike.
  let portalAnswers = 0;
  const portal = (route: Route) => {
    if (route.request().method() === 'GET') {
      return route.fallback();
    }
    portalAnswers += 1;
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PORTAL_PAGE });
  };
  await context.route('**/api/collector/**', portal);

  const expected = new Map<string, Expected>();
  const group = targetGroup(page, 'clap hands');
  let trial = Number(await group.getByTestId('trial-no').textContent());
  const outcomes = ['Correct', 'Incorrect', 'No response', 'Correct', 'Correct'] as const;
  const trials: [number, string][] = [];
  for (const outcome of outcomes) {
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(page.getByTestId('save-state')).toContainText(`${outcome} for clap hands, trial ${trial}`);
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
    trials.push([trial, outcome.toLowerCase().replace(' ', '_')]);
    trial += 1;
  }

  // Never "All sent": the indicator names the portal, and every tap is still waiting.
  await expect(page.getByTestId('sync-state')).toHaveText('This network needs a sign-in page', { timeout: 30_000 });
  await expect(page.getByTestId('sync-pending')).toHaveText(String(outcomes.length));
  expect(portalAnswers, 'the portal answered the outbox').toBeGreaterThan(0);
  await page.getByTestId('sync-state').click();
  await expect(page.getByTestId('sync-outage')).toContainText('sign-in page');
  await page.keyboard.press('Escape');

  // The therapist accepts the portal's terms: from now on the network lets Thera through.
  await context.unroute('**/api/collector/**', portal);
  await expectAllSent(page, 90_000);

  const server = await fetchCollectorSession(page.request, base, sessionId, me.organizationId);
  const goal = server.goals.find((g) => g.sub_goals.some((s) => s.title === 'clap hands'))!;
  const sub = goal.sub_goals.find((s) => s.title === 'clap hands')!;
  for (const [no, outcome] of trials) {
    expected.set(pointKey(goal.goal_id, sub.id, no), { outcome, count: null });
  }
  const clapHands = { ...server, goals: server.goals.map((g) => ({ ...g, data: g.data.filter((p) => p.sub_goal_id === sub.id) })) };
  const { lost, duplicated } = compareWithServer(expected, clapHands);
  console.log(`portal answered ${portalAnswers} outbox calls; lost: ${lost.length}, duplicated: ${duplicated.length}`);
  expect(lost, 'lost').toEqual([]);
  expect(duplicated, 'duplicated').toEqual([]);
});
