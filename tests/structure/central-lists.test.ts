import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as routeTables from '../../contract/routes';
import { PERMISSION_KEYS } from '../../contract/permissions';

/**
 * The contract's one-line lists compose what each feature declares in its own file: every call's
 * method and path (contract/routes/<feature>.ts into contract/routes.ts) and the permission keys
 * (contract/permissions/<feature>.ts into contract/permissions.ts). A file left out of its list
 * would type-check and pass its own tests while its calls had no route or its keys no role, so
 * every file is held to the list by what the list exports, not by reading its text.
 */
const root = path.resolve(import.meta.dirname, '../..');
const declarationFiles = (folder: string) =>
  fs
    .readdirSync(path.join(root, 'contract', folder))
    .filter((name) => name.endsWith('.ts') && name !== 'define.ts')
    .sort();

describe("the contract's central lists", () => {
  it.each(declarationFiles('routes'))('contract/routes.ts exports the route table of routes/%s', async (file) => {
    const declared = Object.values(await import(`../../contract/routes/${file}`)).filter((value) => typeof value === 'object');
    expect(declared.length, `contract/routes/${file} declares a table`).toBeGreaterThan(0);
    for (const table of declared) {
      expect(Object.values(routeTables), `contract/routes.ts exports the table of ${file}`).toContain(table);
    }
  });

  it.each(declarationFiles('permissions'))('contract/permissions.ts composes every key of permissions/%s', async (file) => {
    const declared = Object.values(await import(`../../contract/permissions/${file}`)).flatMap((keys) =>
      typeof keys === 'object' && keys !== null ? Object.keys(keys) : [],
    );
    expect(declared.length, `contract/permissions/${file} declares keys`).toBeGreaterThan(0);
    expect(PERMISSION_KEYS).toEqual(expect.arrayContaining(declared));
  });
});
