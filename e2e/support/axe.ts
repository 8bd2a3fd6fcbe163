import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR } from './screens';

/** What counts as a failure: a person relying on assistive technology is blocked or badly hindered. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits for the finite animations to end. A toast or dialog half-way through its fade has the contrast
 * of no real moment on screen: wait for them (Ionic's run in shadow roots, which getAnimations
 * includes) to end, and stay ended for 150 ms, since a toast answering a call that just returned starts
 * its own fade a moment after the screen looked still.
 */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          let calm = 0;
          const look = () => {
            const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
            calm = moving ? 0 : calm + 1;
            if (calm >= 4) {
              resolve(true);
            } else {
              setTimeout(look, 50);
            }
          };
          look();
        }),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

async function scan(page: Page): Promise<AxeFinding[]> {
  await settle(page);
  // axe runs in the page itself (legacy mode): the default run finishes in a blank page opened for
  // each scan, and the engine is injected only when the document doesn't hold it yet (a screen
  // reached inside the app keeps the one injected on an earlier screen). The rules and the result
  // are the same; only cross-origin frames would be left out, and the app has none.
  const hasAxe = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  const results = await new AxeBuilder({ page, ...(hasAxe ? { axeSource: ';' } : {}) })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // A frame sandboxed without scripts (a contract shown as its owner wrote it) runs no script, axe's
    // included, and axe would wait on it. Its title, what a screen reader announces, is asserted by
    // the tests that find the frame by it.
    .exclude('iframe[sandbox=""]')
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.map(String).join(' >>> ')),
  }));
}

const describeFinding = (finding: AxeFinding) => `${finding.impact} ${finding.rule} (${finding.help}): ${finding.targets.join(', ')}`;
const blockingOf = (findings: AxeFinding[]) => findings.filter((finding) => BLOCKING.has(finding.impact)).map(describeFinding);

/**
 * Scans the page with axe (WCAG 2.x A/AA and best practices) and fails on serious or critical
 * violations, naming rule, impact and selectors. Lesser findings are attached to the report.
 * A blocking finding is confirmed by a second scan once the page is still again, and only what both
 * scans found fails: a toast that begins to fade while axe reads the page (its time on screen ending
 * mid-scan on a busy machine) gives a contrast no one sees at rest, while a real violation is there
 * both times.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<AxeFinding[]> {
  let findings = await scan(page);
  let blocking = blockingOf(findings);
  if (blocking.length > 0) {
    findings = await scan(page);
    const again = new Set(blockingOf(findings));
    blocking = blocking.filter((finding) => again.has(finding));
  }
  const size = page.viewportSize();
  const body = JSON.stringify(findings, null, 2);
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  fs.writeFileSync(path.join(SCREENS_DIR, `${screen}-${size?.width}x${size?.height}-axe.json`), body);
  await test.info().attach(`axe-${screen}.json`, { body, contentType: 'application/json' });
  expect(blocking, `axe on ${screen}`).toEqual([]);
  return findings;
}
