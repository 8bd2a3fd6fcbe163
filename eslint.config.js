import tseslint from 'typescript-eslint';

/**
 * Type-aware lint (conventions.md §10) and the import fences that keep the layers honest:
 * contract/ imports only zod; src/ never imports server/; server/ never imports src/.
 */
export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'data/**',
      'bench-results/**',
      'server/db/migrations/**',
      'public/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['playwright.config.ts', 'vitest.config.ts', 'drizzle.config.ts', 'eslint.config.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-debugger': 'error',
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
