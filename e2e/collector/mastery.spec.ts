import { expect, request, test, type Page } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  goOffline,
  goOnline,
  scheduleFreshSession,
  signInThroughApi,
  targetGroup,
  waitForServiceWorker,
} from '../support/collector-helpers';

const STUDENT = 'Leo Thompson';
const OWNER = 'owner@harbor-clinic.example';

interface ServerGoal {
  goal_id: string;
  status: string;
  mastered_session_id: string | null;
}

/**
 * A therapist on a tablet collects three sessions on a goal whose criterion is "at least 80 % correct
 * over 3 consecutive sessions". Sessions 1 and 2 score 4 of 5 (80 %); the third starts online and
 * loses the network half-way: its fifth trial brings it to 80 % and the goal card says the goal is
 * mastered at that tap, offline. Back online, the server has evaluated the same points: the goal is
 * mastered, by the third session, and the card keeps showing it as the server's word.
 */
test('a goal mastered over three sessions shows on the tablet at the tap, offline, and on the server', async ({ page, context }) => {
  test.setTimeout(5 * 60_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const sessions = [
    await scheduleFreshSession(page, base, STUDENT),
    await scheduleFreshSession(page, base, STUDENT),
    await scheduleFreshSession(page, base, STUDENT),
  ];

  // The office gives Leo a new goal with a criterion, in the department of his sessions with Jordan.
  const { owner, goals, studentId, goalId, title } = await goalWithCriterion(page, base, me.organizationId, sessions[0]!, [], {
    measure: 'percent_correct',
    comparison: 'at_least',
    threshold: 80,
    sessions: 3,
    min_therapists: 1,
  });

  const card = page.locator('[data-testid="goal"]', { has: page.getByRole('heading', { name: title }) });
  const banner = card.getByTestId('mastery');
  const target = targetGroup(page, title);
  const score = async (outcome: 'Correct' | 'Incorrect', trial: number) => {
    await target.getByRole('button', { name: outcome, exact: true }).click();
    await expect(target.getByTestId('trial-no')).toHaveText(String(trial + 1));
  };

  // Sessions 1 and 2, online: 4 of 5 correct each. Two sessions are not yet three.
  for (const sessionId of sessions.slice(0, 2)) {
    await openSession(page, base, sessionId);
    await score('Incorrect', 1);
    for (let trial = 2; trial <= 5; trial++) {
      await score('Correct', trial);
    }
    await expect(banner).toBeEmpty();
    await endSession(page);
    await expectAllSent(page);
  }

  // Session 3: started online, then the network goes.
  await openSession(page, base, sessions[2]!);
  await waitForServiceWorker(page);
  await score('Incorrect', 1);
  await score('Correct', 2);
  await goOffline(context);
  await score('Correct', 3);
  await score('Correct', 4);
  // 3 of 4 (75 %): not yet.
  await expect(banner).toBeEmpty();
  await score('Correct', 5);
  // 4 of 5 (80 %), after 80 % and 80 %: met at this tap, with no network.
  await expect(banner).toHaveText('Mastered: at least 80 % correct over 3 consecutive sessions — the goal is mastered.');
  await expect(page.getByTestId('sync-state')).toHaveText('Saved on this device');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/mastery-banner-offline.png' });

  // Back online: the server evaluated the same points, and its answer is the goal's standing.
  await goOnline(context);
  await expectAllSent(page);
  await expect
    .poll(async () => {
      const res = await owner.get(`${goals}?student_ids=${studentId}`);
      const goal = ((await res.json()) as { results: ServerGoal[] }).results.find((g) => g.goal_id === goalId);
      return goal && [goal.status, goal.mastered_session_id];
    })
    .toEqual(['mastered', sessions[2]]);
  await expect(banner).toHaveText('Mastered: at least 80 % correct over 3 consecutive sessions — the goal is mastered.');
  await page.screenshot({ path: 'test-results/mastery-banner-synced.png' });
  await owner.dispose();
});

/**
 * Targets taught together under "at least 80 % correct in 1 session": the tap that brings "red" to
 * 80 % moves it to maintenance on the card at once, and "blue" stays taught.
 */
test('a target mastered in a session moves to maintenance on the card at the tap', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const sessionId = await scheduleFreshSession(page, base, STUDENT);
  const { owner, goals, studentId, goalId, title } = await goalWithCriterion(page, base, me.organizationId, sessionId, ['red', 'blue'], {
    measure: 'percent_correct',
    comparison: 'at_least',
    threshold: 80,
    sessions: 1,
    min_therapists: 1,
  });
  const card = page.locator('[data-testid="goal"]', { has: page.getByRole('heading', { name: title }) });
  await openSession(page, base, sessionId);
  const red = targetGroup(page, 'red');
  await red.getByRole('button', { name: 'Incorrect', exact: true }).click();
  for (let trial = 2; trial <= 5; trial++) {
    await expect(card.getByTestId('mastery')).toBeEmpty();
    await red.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(red.getByTestId('trial-no')).toHaveText(String(trial + 1));
  }
  await expect(card.getByTestId('mastery')).toHaveText('Mastered: at least 80 % correct in 1 session — target “red” moves to maintenance.');
  await expect(red.getByText('Maintenance', { exact: true })).toBeVisible();
  await expect(targetGroup(page, 'blue').getByText('Maintenance')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/mastery-target-maintenance.png' });
  await expectAllSent(page);
  await expect
    .poll(async () => {
      const res = await owner.get(`${goals}?student_ids=${studentId}`);
      const goal = ((await res.json()) as { results: (ServerGoal & { sub_goals: { title: string; status: string }[] })[] }).results.find(
        (g) => g.goal_id === goalId,
      );
      return goal && [goal.status, goal.sub_goals.map((t) => `${t.title}: ${t.status}`)];
    })
    .toEqual(['in_treatment', ['red: maintenance', 'blue: active']]);
  await owner.dispose();
});

/** The office gives the student of `sessionId` a new goal with `targets` and `criterion`, in that session's department. */
async function goalWithCriterion(
  page: Page,
  base: string,
  organizationId: string,
  sessionId: string,
  targets: string[],
  criterion: object,
) {
  const listed = await page.request.get(`${base}/api/scheduling/therasessions/?page_size=100`);
  type Listed = { id: string; student: { id: string }; department: { id: string } | null };
  const session = ((await listed.json()) as { results: Listed[] }).results.find((s) => s.id === sessionId)!;
  const owner = await request.newContext({ baseURL: base });
  expect((await signInThroughApi(owner, base, OWNER)).organizationId).toBe(organizationId);
  const goals = `${base}/api/theragoals/organization/${organizationId}/assigned-goals/`;
  const title = `Names colors ${Date.now().toString(36)}`;
  const created = await owner.post(goals, {
    data: {
      title,
      measurement: 'discrete',
      planned_trials: 5,
      student_id: session.student.id,
      department_id: session.department!.id,
      sub_goals: targets,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const goalId = ((await created.json()) as ServerGoal).goal_id;
  const patched = await owner.patch(`${goals}${goalId}/`, { data: { mastery_criterion: criterion } });
  expect(patched.status(), await patched.text()).toBe(200);
  return { owner, goals, studentId: session.student.id, goalId, title };
}

async function openSession(page: Page, base: string, sessionId: string) {
  await page.goto(`${base}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
}

async function endSession(page: Page) {
  await page.getByRole('button', { name: 'End session' }).click();
  const dialog = page.getByRole('dialog', { name: 'End session' });
  await dialog.getByRole('radio', { name: /Completed/ }).check();
  await dialog.getByRole('button', { name: /save and end/i }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-status')).toHaveText('Completed');
}
