import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { OVER_SIZE_FILES, OVER_SIZE_FUNCTIONS, SIZE_LIMITS } from '../../eslint.size-limits.js';

/**
 * The lists of files allowed over the size limits only shrink: each is held to the length it had
 * when the limits came (lower the ceiling when a file leaves), and every entry must still be over
 * its limit, so a file that was split can't keep its pass.
 */
const root = path.resolve(import.meta.dirname, '../..');
const CEILING = { files: 0, functions: 9 };

describe('size limits', () => {
  it('lists no more files than when the limits came', () => {
    expect(OVER_SIZE_FILES.length).toBeLessThanOrEqual(CEILING.files);
    expect(OVER_SIZE_FUNCTIONS.length).toBeLessThanOrEqual(CEILING.functions);
    expect(new Set(OVER_SIZE_FILES).size).toBe(OVER_SIZE_FILES.length);
    expect(new Set(OVER_SIZE_FUNCTIONS).size).toBe(OVER_SIZE_FUNCTIONS.length);
  });

  it('lists only files still over 300 lines', () => {
    const within = OVER_SIZE_FILES.filter(
      (file) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length <= SIZE_LIMITS.fileLines + 1,
    );
    expect(within).toEqual([]);
  });

  it('lists only files that still hold a function over 80 lines', async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
          rules: {
            'max-lines-per-function': [
              'error',
              { max: SIZE_LIMITS.functionLines, skipBlankLines: false, skipComments: false, IIFEs: true },
            ],
          },
        },
      ],
    });
    const results = await eslint.lintFiles(OVER_SIZE_FUNCTIONS);
    const within = results.filter((r) => r.messages.length === 0).map((r) => path.relative(root, r.filePath));
    expect(within).toEqual([]);
  }, 60_000);
});
