import fs from 'node:fs';

/** Each run starts from a fresh embedded database (the web server seeds it on start). */
export default function globalSetup() {
  // The web server starts before globalSetup in Playwright; the data dir is wiped by scripts/e2e.ts.
  fs.mkdirSync('test-results', { recursive: true });
}
