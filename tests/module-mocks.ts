/**
 * Test files that replace a module with `vi.mock`. They run with a module cache of their own; every
 * other file shares its worker's cache with the files before it, which spares re-importing the
 * server or the app for each file (on the 2-core machine that import was more than half of the
 * server suite's time). A mock can't replace a module a file before it already imported, so a file
 * that mocks must be listed here (tests/structure/module-mocks.test.ts checks it).
 */
export const MOCKING_TEST_FILES = [
  'tests/server/access-walk.test.ts',
  'tests/server/hostile-input.test.ts',
  'tests/server/role-matrix.test.ts',
  'tests/server/routes.test.ts',
  'tests/client/api-client.test.ts',
  'tests/client/profile-section.test.tsx',
];
