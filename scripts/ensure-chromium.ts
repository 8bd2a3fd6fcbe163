import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Playwright can't download its own browser on machines without internet. Use the
 * system Chromium; as root without it, install Debian's package; elsewhere fall back to
 * `npx playwright install chromium`. Prints nothing when the browser is already there.
 */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) {
    return process.env.CHROMIUM_PATH;
  }
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

export function ensureChromium(): string | null {
  const found = findChromium();
  if (found) {
    return found;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('Chromium not found: installing Debian package "chromium"…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', { stdio: 'inherit' });
    return findChromium();
  }
  console.log('Chromium not found and not root: trying `npx playwright install chromium`…');
  execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  return null; // Playwright then uses its own browser
}

if (process.argv[1]?.endsWith('ensure-chromium.ts')) {
  console.log(ensureChromium() ?? 'Playwright-managed Chromium');
}
