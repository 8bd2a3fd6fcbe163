import { expect, request, test, type Page } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  compareWithServer,
  expectAllSent,
  fetchCollectorSession,
  logOutboxTraffic,
  openSessionFromToday,
  pointKey,
  signInThroughApi,
  signInThroughUi,
  targetGroup,
  type Expected,
} from '../support/collector-helpers';

/**
 * The sign-in expires while taps wait to be sent. The outbox pauses (the indicator asks
 * for sign-in, every item stays), the therapist signs in again through the screen, the items go,
 * and the server holds each tap exactly once.
 */

const base = MAIN_BASE_URL;
const OUTCOMES = ['Correct', 'Incorrect', 'No response'] as const;

async function run(page: Page, student: string, targets: string[], expire: () => Promise<void>) {
  logOutboxTraffic(page);
  const me = await signInThroughApi(page.request, base, DEMO.priya);
  const sessionId = await openSessionFromToday(page, base, student);
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');

  const entered: { name: string; trial: number; outcome: string }[] = [];
  const trialOf = new Map<string, number>();
  let taps = 0;
  async function tap() {
    const name = targets[taps % targets.length]!;
    const outcome = OUTCOMES[taps % OUTCOMES.length]!;
    taps += 1;
    const group = targetGroup(page, name);
    const trial = trialOf.get(name) ?? Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(page.getByTestId('save-state')).toContainText(`${outcome} for ${name}, trial ${trial}`);
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
    trialOf.set(name, trial + 1);
    entered.push({ name, trial, outcome: outcome.toLowerCase().replace(' ', '_') });
  }

  // Signed in: taps go out.
  for (let i = 0; i < 3; i += 1) {
    await tap();
  }
  await expectAllSent(page, 60_000);
  const read = () => fetchCollectorSession(page.request, base, sessionId, me.organizationId);
  await expect.poll(async () => (await read()).goals.flatMap((g) => g.data).length).toBe(3);

  // The sign-in ends; the next taps are saved and the outbox pauses instead of dropping them.
  await expire();
  for (let i = 0; i < 4; i += 1) {
    await tap();
  }
  await expect(page.getByTestId('sync-state')).toHaveText('Sign in to send', { timeout: 30_000 });
  await expect(page.getByTestId('sync-pending')).toHaveText('4');
  // Paused: more taps are still saved and wait with the others.
  for (let i = 0; i < 2; i += 1) {
    await tap();
  }
  await expect(page.getByTestId('sync-pending')).toHaveText('6');
  await expect(page.getByTestId('sync-state')).toHaveText('Sign in to send');
  await expect(page.getByTestId('sync-attention')).toHaveCount(0);

  // Sign in again through the screen; the app returns to the session and the items go.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/sign-in/);
  // What the indicator says from here on: it must never claim "All sent" while items still wait.
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = () => {
      const state = document.querySelector('[data-testid="sync-state"]')?.textContent ?? '';
      const pending = document.querySelector('[data-testid="sync-pending"]')?.textContent ?? '';
      const line = `${state}/${pending}`;
      if (state && seen.at(-1) !== line) {
        seen.push(line);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { indicatorSeen: string[] }).indicatorSeen = seen;
  });
  await signInThroughUi(page, DEMO.priya);
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`), { timeout: 30_000 });
  await expectAllSent(page, 60_000);
  // The device still shows every tap (nothing rewound by the sign-out and sign-in).
  for (const [name, trial] of trialOf) {
    await expect(targetGroup(page, name).getByTestId('trial-no')).toHaveText(String(trial));
  }

  const want = new Map<string, Expected>();
  const ids = new Map(
    (await read()).goals.flatMap((g) => g.sub_goals.map((s) => [s.title, { goalId: g.goal_id, subGoalId: s.id }] as const)),
  );
  for (const e of entered) {
    const id = ids.get(e.name)!;
    want.set(pointKey(id.goalId, id.subGoalId, e.trial), { outcome: e.outcome, count: null });
  }
  expect(want.size).toBe(9);
  // "All sent" was shown: the server has it all by now (polled only so that a lying indicator
  // fails on the check below rather than on a race here).
  await expect.poll(async () => compareWithServer(want, await read()).lost, { timeout: 30_000 }).toEqual([]);
  const seen = await page.evaluate(() => (window as unknown as { indicatorSeen: string[] }).indicatorSeen);
  const firstAllSent = seen.indexOf('All sent/0');
  expect(firstAllSent, `indicator after sign-in: ${seen.join(' → ')}`).toBeGreaterThanOrEqual(0);
  expect(
    seen.slice(firstAllSent).filter((line) => !line.endsWith('/0')),
    `indicator after sign-in: ${seen.join(' → ')}`,
  ).toEqual([]);

  const server = await read();
  const { lost, duplicated } = compareWithServer(want, server);
  console.log(`sign-in expiry (${student}): compared ${want.size} points: lost: ${lost.length}, duplicated: ${duplicated.length}`);
  expect(lost, 'lost').toEqual([]);
  expect(duplicated, 'duplicated').toEqual([]);
}

test('taps wait while the session cookie is gone, and go after signing in again', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  await run(page, 'Sofia Garcia', ['short a words', 'short i words', 'first name'], () => context.clearCookies());
});

test('taps wait after the server ended the session, and go after signing in again', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  await run(page, 'Ethan Bennett', ['short a words', 'short i words', 'first name'], async () => {
    // Signed out elsewhere: the same cookie, from outside the browser, ends the server session.
    const other = await request.newContext({ baseURL: base, storageState: await context.storageState() });
    const response = await other.post('/api/users/auth/logout/');
    expect(response.ok(), await response.text()).toBe(true);
    await other.dispose();
  });
});
