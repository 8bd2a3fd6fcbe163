import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  fetchCollectorSession,
  goOffline,
  goOnline,
  scheduleFreshSession,
  signInThroughApi,
  targetGroup,
  waitForServiceWorker,
  type ServerSession,
} from '../support/collector-helpers';

/**
 * Two devices with the same therapist signed in, both offline on one session, tap the same trials.
 * Back online, the server keeps one value per trial and every other one as an observation; both
 * devices show which trials met, with both values, and the same counts as the server.
 */
const STUDENT = 'Leo Thompson';
const TARGET = 'clap hands';

async function newDevice(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

/** Opens the session on a device while online, so the day is cached there; then cuts its network. */
async function openOfflineOn(page: Page, context: BrowserContext, sessionId: string) {
  await page.goto(`${MAIN_BASE_URL}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  await waitForServiceWorker(page);
  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await goOffline(context);
}

async function tap(page: Page, outcome: 'Correct' | 'Incorrect', times: number) {
  const group = targetGroup(page, TARGET);
  for (let i = 0; i < times; i++) {
    const trial = Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
  }
}

/** The goal's counts as the server's points give them, in the words the goal card shows. */
function serverCounts(server: ServerSession, goalTitle: string) {
  const goal = server.goals.find((g) => g.title === goalTitle)!;
  const scored = goal.data.filter((p) => p.kind === 'trial' && p.outcome);
  const correct = scored.filter((p) => p.outcome === 'correct' || p.outcome === 'prompted').length;
  return { trials: scored.length, correct: scored.length ? `${Math.round((100 * correct) / scored.length)}%` : '—' };
}

async function expectCountsLikeServer(page: Page, server: ServerSession) {
  const card = page.getByTestId('goal').filter({ has: targetGroup(page, TARGET) });
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
  const want = serverCounts(server, title);
  await expect(card.getByTestId('goal-trials')).toHaveText(new RegExp(`^${want.trials}/`));
  await expect(card.getByTestId('goal-correct')).toHaveText(want.correct);
  const goal = server.goals.find((g) => g.title === title)!;
  const shown = (await targetGroup(page, TARGET).locator('.point__value').allTextContents()).map((t) => t.trim());
  const kept = goal.data
    .filter((p) => p.sub_goal_id === (goal.sub_goals.find((s) => s.title === TARGET)?.id ?? null))
    .sort((a, b) => a.trial_no - b.trial_no)
    .map((p) => (p.outcome === 'correct' ? 'Correct' : 'Incorrect'));
  expect(shown).toEqual(kept);
}

test('two devices offline on one session: both show the trials they both recorded, and the server’s counts', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(4 * 60_000);
  const me = await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const sessionId = await scheduleFreshSession(page, MAIN_BASE_URL, STUDENT);
  const started = await page.request.post(
    `${MAIN_BASE_URL}/api/scheduling/therasessions/${sessionId}/start/?organization_id=${me.organizationId}`,
    { data: { shift_to_now: false }, headers: { 'Idempotency-Key': `start-${sessionId}` } },
  );
  expect(started.status(), await started.text()).toBe(200);

  const b = await newDevice(browser);
  await signInThroughApi(b.page.request, MAIN_BASE_URL, DEMO.jordan);
  await openOfflineOn(page, context, sessionId);
  await openOfflineOn(b.page, b.context, sessionId);

  // A taps trials 1–3, B then taps 1–6, A then taps 4–6: B's later taps win trials 1–3, A's win 4–6.
  await tap(page, 'Correct', 3);
  await tap(b.page, 'Incorrect', 6);
  await tap(page, 'Correct', 3);

  // A delivers first; B's batch then meets A's trials and the server's answer says so.
  await goOnline(context);
  await expectAllSent(page);
  await goOnline(b.context);
  await expectAllSent(b.page);

  const conflictsCall = await page.request.get(
    `${MAIN_BASE_URL}/api/collector/sessions/${sessionId}/conflicts/?organization_id=${me.organizationId}`,
  );
  expect(conflictsCall.status(), await conflictsCall.text()).toBe(200);
  const { conflicts } = (await conflictsCall.json()) as {
    conflicts: { trial_no: number; kept: { outcome: string }; others: { outcome: string }[] }[];
  };
  expect(conflicts.map((c) => [c.trial_no, c.kept.outcome, c.others.map((o) => o.outcome)])).toEqual([
    [1, 'incorrect', ['correct']],
    [2, 'incorrect', ['correct']],
    [3, 'incorrect', ['correct']],
    [4, 'correct', ['incorrect']],
    [5, 'correct', ['incorrect']],
    [6, 'correct', ['incorrect']],
  ]);

  // B was told by its own batch's answer: it shows the conflicts and the server's values without a reload.
  const server = await fetchCollectorSession(page.request, MAIN_BASE_URL, sessionId, me.organizationId);
  await expect(b.page.getByTestId('conflict')).toHaveCount(6);
  await expect(b.page.getByTestId('conflicts-note')).toContainText('3 of your trials now show a value recorded on another device');
  await expectCountsLikeServer(b.page, server);

  // A delivered first: a reload (or its next look at the server) shows them too.
  await page.reload();
  for (const device of [page, b.page]) {
    if (device === b.page) {
      await device.reload();
    }
    await expect(device.getByTestId('conflict')).toHaveCount(6, { timeout: 30_000 });
    const notes = targetGroup(device, TARGET).getByTestId('trial-conflict');
    await expect(notes).toHaveCount(6);
    await expect(notes.filter({ hasText: 'Changed by another device' })).toHaveCount(3);
    await expect(notes.filter({ hasText: 'is kept' })).toHaveCount(6);
    await expectCountsLikeServer(device, server);
  }
  const first = targetGroup(page, TARGET).getByTestId('trial-conflict').first();
  await expect(first).toContainText('Trial 1: Changed by another device');
  await expect(first).toContainText('Incorrect');
  await expect(first).toContainText('yours was Correct');
  await b.context.close();
});
