import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_TEST_FILES } from '../module-mocks';

const root = path.resolve(import.meta.dirname, '../..');
const testFiles = fs
  .readdirSync(path.join(root, 'tests'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `tests/${file.split(path.sep).join('/')}`);

describe('test files that mock a module', () => {
  it('are exactly the ones given a module cache of their own', () => {
    const mocking = testFiles.filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(mocking.sort()).toEqual([...MOCKING_TEST_FILES].sort());
  });
});
