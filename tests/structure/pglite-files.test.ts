import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_TEST_FILES } from '../module-mocks';
import { PGLITE_FILES } from '../pglite-files';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server files that run on PGlite as well', () => {
  it('are server test files that exist, share their module cache, and are named once', () => {
    const missing = PGLITE_FILES.filter((file) => !fs.existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
    expect(PGLITE_FILES.filter((file) => !file.startsWith('tests/server/'))).toEqual([]);
    expect(PGLITE_FILES.filter((file) => MOCKING_TEST_FILES.includes(file))).toEqual([]);
    expect(new Set(PGLITE_FILES).size).toBe(PGLITE_FILES.length);
  });
});
