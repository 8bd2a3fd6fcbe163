import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A client feature declares its screens in its own folder (src/features/<feature>/register.ts) and
 * takes one line in the app's list (src/app/routes.tsx). A folder left out of that list would build
 * and pass its own tests while no screen of it could ever be opened, so every folder is held to it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(root, 'src/features');
const CENTRAL = path.join(root, 'src/app/routes.tsx');

const featureFolders = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The name the central list imports from a feature's register file, if it does. */
function importedRegistration(central: string, feature: string): string | undefined {
  const escaped = feature.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`import\\s*\\{\\s*(\\w+)\\s*\\}\\s*from\\s*'\\.\\./features/${escaped}/register'`).exec(central);
  return match?.[1];
}

describe('client feature registration', () => {
  it('finds the feature folders it checks', () => {
    expect(featureFolders).toEqual(expect.arrayContaining(['collector', 'services', 'accounts']));
  });

  it.each(featureFolders)('src/features/%s has a register file that the central list takes its routes from', (feature) => {
    const registerFile = ['register.ts', 'register.tsx']
      .map((name) => path.join(FEATURES, feature, name))
      .find((file) => fs.existsSync(file));
    expect(registerFile, `src/features/${feature}/register.ts`).toBeDefined();
    const central = fs.readFileSync(CENTRAL, 'utf8');
    const name = importedRegistration(central, feature);
    expect(name, `src/app/routes.tsx imports the registration of ${feature}`).toBeDefined();
    expect(central, `src/app/routes.tsx lists ${name}.routes`).toMatch(new RegExp(`\\.\\.\\.${name}\\.routes\\b`));
  });
});
