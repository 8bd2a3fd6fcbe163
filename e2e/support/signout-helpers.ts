import { expect, request, type BrowserContext, type Page } from '@playwright/test';
import { MAIN_BASE_URL, fetchCollectorSession, signInThroughApi, targetGroup } from './collector-helpers';

/**
 * Shared steps of the sign-out specs: taps that stay on the device, a watch on what the app asks
 * the server afterwards, and the server's own view of a therapist's points (through a separate API
 * client, so the browser's cookies stay as the app left them).
 */
const SESSION_PATH = '/api/users/auth/session/';

export async function tapOutcomes(page: Page, taps: [string, 'Correct' | 'Incorrect' | 'No response'][]) {
  const trialOf = new Map<string, number>();
  for (const [name, outcome] of taps) {
    const group = targetGroup(page, name);
    const trial = trialOf.get(name) ?? Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(page.getByTestId('save-state')).toContainText(`${outcome} for ${name}, trial ${trial}`);
    trialOf.set(name, trial + 1);
  }
}

/** Confirms the "Sign out with unsent data?" question the menu asks while taps wait. */
export async function confirmSignOutWithUnsent(page: Page) {
  const alert = page.locator('ion-alert');
  await expect(alert.getByText('Sign out with unsent data?')).toBeVisible();
  await alert.getByRole('button', { name: 'Sign out anyway' }).click();
}

/**
 * Records, from now on, every answer that handed a signed-in user to the app and every collector
 * write sent by the pages or the service worker.
 */
export function watchTraffic(context: BrowserContext) {
  const sessionsGranted: string[] = [];
  const collectorWrites: string[] = [];
  let isWatching = true;
  context.on('request', (req) => {
    if (isWatching && req.method() !== 'GET' && req.url().includes('/api/collector/')) {
      collectorWrites.push(`${req.method()} ${new URL(req.url()).pathname}`);
    }
  });
  context.on('response', async (res) => {
    if (!isWatching || !res.url().endsWith(SESSION_PATH) || res.status() !== 200) {
      return;
    }
    const body = (await res.json().catch(() => null)) as { user?: { email?: string } | null } | null;
    if (body?.user) {
      sessionsGranted.push(body.user.email ?? '?');
    }
  });
  return {
    sessionsGranted,
    collectorWrites,
    stop: () => {
      isWatching = false;
    },
  };
}

/** How many points the server holds for a collector session, asked as `email` outside the browser. */
export async function serverPointCount(email: string, sessionId: string): Promise<number> {
  const api = await request.newContext({ baseURL: MAIN_BASE_URL });
  try {
    const me = await signInThroughApi(api, MAIN_BASE_URL, email);
    const session = await fetchCollectorSession(api, MAIN_BASE_URL, sessionId, me.organizationId);
    return session.goals.flatMap((g) => g.data).length;
  } finally {
    await api.dispose();
  }
}

/** What the browser's own cookie answers now (401 once the signed-out session really ended). */
export async function browserSessionStatus(page: Page): Promise<number> {
  return (await page.request.get(`${MAIN_BASE_URL}${SESSION_PATH}`)).status();
}
