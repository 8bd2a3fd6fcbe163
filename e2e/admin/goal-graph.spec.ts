import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import type { GoalGraph } from '../../contract/goal-graphs';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { addDays, clinicDate, clinicTime, firstOpenDays } from '../support/clinic-time';
import { DEMO, MAIN_BASE_URL, fetchCollectorSession, scheduleFreshSession, signInThroughApi } from '../support/collector-helpers';
import { DEMO as PEOPLE } from '../support/demo';
import { AT_THE_DESK, DESK_SIZES, saveScreen, saveScreenAtSizes } from '../support/screens';

test.use(AT_THE_DESK);

const STUDENT = 'Noah Bennett';
const graphUrl = (orgId: string, goalId: string) => `${MAIN_BASE_URL}/api/goal-graphs/organization/${orgId}/goals/${goalId}/graph/`;

type Outcome = 'correct' | 'incorrect' | 'prompted';
let seq = 0;
const point = (goalId: string, subGoalId: string, trialNo: number, outcome: Outcome) => ({
  id: randomUUID(),
  goal_id: goalId,
  sub_goal_id: subGoalId,
  trial_no: trialNo,
  kind: 'trial',
  outcome,
  prompt_level: outcome === 'prompted' ? 'model' : null,
  count: null,
  duration_ms: null,
  recorded_at: new Date().toISOString(),
  device_id: 'e2e-goal-graph',
  device_seq: (seq += 1),
});

/** Jordan's three sessions with Noah on three open days ahead, each with trials on two targets of one discrete goal. */
async function seedThreeSessions(page: Page) {
  const { organizationId } = await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const first = await firstOpenDays(page.request, MAIN_BASE_URL, addDays(clinicDate(Date.now()), 2), 3);
  const sessions: string[] = [];
  for (let day = 0; day < 3; day++) {
    const start = clinicTime(addDays(first, day), 16);
    sessions.push(await scheduleFreshSession(page, MAIN_BASE_URL, STUDENT, start, start + 3 * 3_600_000));
  }
  const collector = await fetchCollectorSession(page.request, MAIN_BASE_URL, sessions[0]!, organizationId);
  const goal = collector.goals.find((g) => g.measurement === 'discrete' && g.sub_goals.length >= 2)!;
  expect(goal, 'a discrete goal with two targets').toBeTruthy();
  const [a, b] = goal.sub_goals;
  const outcomes: Outcome[][] = [
    ['incorrect', 'prompted', 'incorrect', 'correct'],
    ['correct', 'prompted', 'correct', 'correct'],
    ['correct', 'correct', 'correct', 'correct'],
  ];
  // The first session starts now (a start moves it to the tap time), so that a change of the goal made
  // after its points falls between it and the next two, which are days ahead.
  const started = await page.request.post(
    `${MAIN_BASE_URL}/api/scheduling/therasessions/${sessions[0]}/start/?organization_id=${organizationId}`,
    {
      data: { shift_to_now: true },
    },
  );
  expect(started.status(), await started.text()).toBe(200);
  for (const [i, id] of sessions.entries()) {
    // The second target lags a session behind the first.
    const second = outcomes[Math.max(i - 1, 0)]!;
    const points = outcomes[i]!.flatMap((outcome, n) => [
      point(goal.goal_id, a!.id, n + 1, outcome),
      point(goal.goal_id, b!.id, n + 1, i === 0 ? 'incorrect' : second[n]!),
    ]);
    const sent = await page.request.post(`${MAIN_BASE_URL}/api/collector/sessions/${id}/points/?organization_id=${organizationId}`, {
      data: { points },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    if (i === 0) {
      await changePlannedTrials(organizationId, goal.goal_id, 13);
    }
  }
  return { organizationId, sessions, goal };
}

/** The owner changes how many trials the goal plans per session: a goal revision, and so a phase line. */
async function changePlannedTrials(organizationId: string, goalId: string, plannedTrials: number) {
  const owner = await request.newContext({ baseURL: MAIN_BASE_URL });
  await signInThroughApi(owner, MAIN_BASE_URL, PEOPLE.clinicOwner.email);
  const changed = await owner.patch(`/api/theragoals/organization/${organizationId}/assigned-goals/${goalId}/`, {
    data: { planned_trials: plannedTrials },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await owner.dispose();
}

/**
 * The owner reads a goal's graph after a therapist's three sessions: the line per target, a phase
 * line between the first two sessions, the data table with the phase row where it falls, the
 * % correct / % independent toggle and the print view without the app's menus and buttons.
 * The phase comes from the owner's change of the goal's planned trials between the first session and
 * the second.
 */
test("the owner reads a goal's graph with its phase line, its table and its print view", async ({ page }) => {
  const { organizationId, sessions, goal } = await seedThreeSessions(page);
  await page.context().clearCookies();
  await signInByApi(page, PEOPLE.clinicOwner.email);
  const answer = await page.request.get(graphUrl(organizationId, goal.goal_id));
  expect(answer.status(), await answer.text()).toBe(200);
  const real = (await answer.json()) as GoalGraph;
  expect(real.sessions.map((s) => s.session_id)).toEqual(expect.arrayContaining(sessions));
  const phase = real.phases.find((p) => /^Planned trials \d+ → 13$/.test(p.label))!;
  expect(phase, 'the phase of the planned trials change').toBeTruthy();
  expect(phase.after_session_id).toBe(sessions[0]);

  await page.goto(`/organization/students/${real.student.id}/goals/${goal.goal_id}`);
  await expect(page.getByRole('heading', { name: goal.title, level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: `‹ Back to ${STUDENT}` })).toHaveAttribute(
    'href',
    `/organization/students/${real.student.id}`,
  );
  await expect(page.getByTestId('goal-chart').locator('canvas')).toBeVisible();
  const table = page.getByRole('table', { name: new RegExp(`^${goal.title.replace(/[()]/g, '.')}: % correct per session`) });
  const rows = table.locator('tbody tr');
  const phaseRow = table.locator(`tr[data-phase-id="${phase.id}"]`);
  await expect(phaseRow).toContainText(`Phase change: ${phase.label}`);
  // The phase row falls between the first and the second session's rows; each session row names its therapist.
  const order = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-session-id') ?? tr.getAttribute('data-phase-id')));
  expect(order.indexOf(sessions[0]!)).toBeLessThan(order.indexOf(phase.id));
  expect(order.indexOf(phase.id)).toBeLessThan(order.indexOf(sessions[1]!));
  await expect(table.locator(`tr[data-session-id="${sessions[2]!}"]`)).toContainText('Jordan Reyes');
  await expect(table.locator(`tr[data-session-id="${sessions[2]!}"] td`).nth(1)).toHaveText('100 %');
  await expectNoSeriousA11yViolations(page, 'goal-graph');
  await saveScreenAtSizes(page, 'goal-graph', DESK_SIZES);

  await page.getByRole('radio', { name: '% independent' }).click();
  await expect(page.getByRole('table', { name: /% independent per session/ })).toBeVisible();
  // The first session: 1 of the first target's 4 trials correct without a prompt, none of the second's: 1 of 8, 12.5 %.
  const independent = page.getByRole('table', { name: /% independent per session/ });
  await expect(independent.locator(`tr[data-session-id="${sessions[0]!}"] td`).nth(1)).toHaveText('13 %');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('ion-menu')).toBeHidden();
  await expect(page.getByRole('link', { name: `‹ Back to ${STUDENT}` })).toBeHidden();
  await expect(page.getByText(/Mastery criterion/)).toBeVisible();
  // A letter page's width at 96 dpi: the title, the facts, the graph and the table flow down it, none cut at the side.
  await page.setViewportSize({ width: 816, height: 1056 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (const part of ['.goal-graph__facts', '.goal-chart__canvas', '.goal-table']) {
    const box = (await page.locator(part).boundingBox())!;
    expect(box.x + box.width, `${part} fits the page's width`).toBeLessThanOrEqual(816);
  }
  await saveScreen(page, 'goal-graph-print');
  await page.screenshot({ path: 'test-results/screens/goal-graph-print-full.png', fullPage: true });
});
