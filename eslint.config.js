import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import thera from './eslint-rules/index.js';

const PRODUCT_CODE = ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'sw/**/*.ts'];

/** The feature folders of an area, read when the config loads, so a new folder is fenced from its first file. */
const featureFolders = (root) =>
  fs
    .readdirSync(new URL(`./${root}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * What git ignores (builds, test results and reports, local data) is not linted either, read from
 * .gitignore so that a new entry there needs no twin here. Test runs create and delete some of those
 * folders while lint walks the tree beside them.
 */
const gitIgnored = fs
  .readFileSync(new URL('./.gitignore', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => (line.includes('*') ? `**/${line}` : `${line.replace(/\/$/, '')}/**`));

/**
 * The rules that read the source alone (the type-aware ones run in oxlint, `.oxlintrc.json`: it asks
 * TypeScript's native compiler for the types at a fraction of typescript-eslint's cost; docs/conventions.md),
 * the size limits and the import fences that keep the layers honest:
 * contract/ imports only zod; src/ never imports server/; server/ never imports src/.
 */
export default tseslint.config(
  {
    ignores: [...gitIgnored, 'server/db/migrations/**', 'public/**'],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    rules: {
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-debugger': 'error',
    },
  },
  // Product code stays small enough to read in one sitting: no file over 300 lines, and no function
  // over 80 unless a comment right above it gives its length and why it reads best whole
  // (eslint-rules/function-size.js); that length is its ceiling, so an exempt function does not grow.
  {
    files: PRODUCT_CODE,
    plugins: { thera },
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'thera/function-size': ['error', { max: 80 }],
    },
  },
  // A feature reaches another only through its index.ts (server) or not at all (app: features load as
  // chunks of their own, and shared code must not pull one in); the folders are read from the disk
  // (eslint-rules/feature-fences.js). Tests may reach into a feature's files: a test of a service imports it.
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { thera },
    rules: {
      'thera/feature-fences': [
        'error',
        {
          root: import.meta.dirname,
          areas: [
            {
              root: 'server/features',
              features: featureFolders('server/features'),
              door: 'index.ts',
              composers: { 'server/features/register.ts': ['routes.ts'] },
            },
            { root: 'src/features', features: featureFolders('src/features'), door: null, free: ['src/app'], shut: ['src/shared', 'sw'] },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'contract/ imports only zod and itself.' }] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'fastify', 'drizzle-orm*', 'pg', '@electric-sql/*'], message: 'The PWA never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', 'react', 'react-dom', '@ionic/*', 'dexie'], message: 'The server never imports PWA code.' }] },
      ],
    },
  },
);
