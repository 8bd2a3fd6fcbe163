import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureChromium } from './ensure-chromium';

/**
 * Playwright in Chromium: makes sure a browser exists, the PWA is built, and the e2e database is
 * fresh, then runs the specs. Service-worker traffic is visible to route().
 */
export function runE2e(extraArgs: string[] = []): number {
  ensureChromium();
  // Always a fresh build: the server serves dist/ and a stale one would test old code.
  if (process.env.E2E_SKIP_BUILD !== '1' || !fs.existsSync('dist/index.html')) {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) {
      return build.status ?? 1;
    }
  }
  const port = Number(process.env.E2E_PORT ?? 8181);
  fs.rmSync(`.tmp/e2e-data-${port}`, { recursive: true, force: true });
  fs.rmSync(`.tmp/e2e-data-${port}-chaos`, { recursive: true, force: true });
  const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS: '1' },
  });
  return result.status ?? 1;
}

if (process.argv[1]?.endsWith('e2e.ts')) {
  process.exit(runE2e(process.argv.slice(2)));
}
