import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import thera from '../../eslint-rules/index.js';

/**
 * The repository's own ESLint rules (eslint-rules/), each with code it lets through and code it
 * stops, so a change to a rule that quietly lets everything through fails here.
 */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

/** A function declaration of exactly `lines` lines. */
const fn = (name: string, lines: number) => `function ${name}() {\n${'  step();\n'.repeat(lines - 2)}}`;
const options = [{ max: 80 }];

tester.run('thera/function-size', thera.rules['function-size'], {
  valid: [
    { name: 'within the limit', code: fn('short', 80), options },
    {
      name: 'over it, with its length and a reason',
      code: `// size: 81 lines — the steps run in one order and read as one list\n${fn('long', 81)}`,
      options,
    },
    {
      name: 'the comment may sit under a doc comment, before export, its reason running on',
      code: `/** Builds it. */\n// size: 90 lines — one story told in order,\n// each step using what the last made\nexport ${fn('long', 90)}`,
      options,
    },
    {
      name: 'an arrow held by a const',
      code: `// size: 82 lines — a table of handlers read together\nexport const handlers = () => {\n${'  step();\n'.repeat(80)}};`,
      options,
    },
  ],
  invalid: [
    { name: 'over the limit without a comment', code: fn('long', 81), options, errors: [{ messageId: 'tooLong' }] },
    {
      name: 'grown past its ceiling',
      code: `// size: 81 lines — the steps run in one order and read as one list\n${fn('long', 82)}`,
      options,
      errors: [{ messageId: 'grown' }],
    },
    {
      name: 'shrunk under its ceiling: the ceiling follows it down',
      code: `// size: 90 lines — the steps run in one order and read as one list\n${fn('long', 85)}`,
      options,
      errors: [{ messageId: 'shrunk' }],
    },
    {
      name: 'back within the limit: the comment goes',
      code: `// size: 81 lines — the steps run in one order and read as one list\n${fn('short', 60)}`,
      options,
      errors: [{ messageId: 'stale' }],
    },
    { name: 'no reason', code: `// size: 81 lines\n${fn('long', 81)}`, options, errors: [{ messageId: 'noReason' }] },
    { name: 'a placeholder reason', code: `// size: 81 lines — ok\n${fn('long', 81)}`, options, errors: [{ messageId: 'noReason' }] },
    {
      name: 'a comment that exempts nothing',
      code: `// size: 81 lines — the steps run in one order and read as one list\nconst x = 1;\n\n${fn('short', 10)}`,
      options,
      errors: [{ messageId: 'orphan' }],
    },
    {
      name: 'a blank line parts the comment from the function',
      code: `// size: 81 lines — the steps run in one order and read as one list\n\n${fn('long', 81)}`,
      options,
      errors: [{ messageId: 'orphan' }, { messageId: 'tooLong' }],
    },
  ],
});

const root = path.resolve(import.meta.dirname, '../..');
const fences = [
  {
    root,
    areas: [
      { root: 'server/features', features: ['a', 'b'], door: 'index.ts', composers: { 'server/features/register.ts': ['routes.ts'] } },
      { root: 'src/features', features: ['a', 'b'], door: null, free: ['src/app'], shut: ['src/shared', 'sw'] },
    ],
  },
];
const at = (file: string) => path.join(root, file);

tester.run('thera/feature-fences', thera.rules['feature-fences'], {
  valid: [
    { code: "import { x } from '../b';", filename: at('server/features/a/service.ts'), options: fences },
    { code: "import { x } from '../b/index';", filename: at('server/features/a/service.ts'), options: fences },
    { code: "import { x } from './repository';", filename: at('server/features/a/service.ts'), options: fences },
    { code: "import { x } from '../features/b';", filename: at('server/seed/demo.ts'), options: fences },
    { code: "import * as b from './b/routes';", filename: at('server/features/register.ts'), options: fences },
    { code: "import { x } from '../features/b/pages/page';", filename: at('src/app/routes.tsx'), options: fences },
    { code: "import { x } from '../../../contract/b';", filename: at('src/features/a/queries.ts'), options: fences },
  ],
  invalid: [
    {
      name: 'a deep import across server features',
      code: "import { x } from '../b/service';",
      filename: at('server/features/a/service.ts'),
      options: fences,
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'the seed reaching past the door, as a type or an import()',
      code: "import type { X } from '../features/b/service';\nconst y = import('../features/b/repository');",
      filename: at('server/seed/demo.ts'),
      options: fences,
      errors: [{ messageId: 'crossing' }, { messageId: 'crossing' }],
    },
    {
      name: 'the central list imports only routes',
      code: "import * as b from './b/service';",
      filename: at('server/features/register.ts'),
      options: fences,
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'a client feature importing another',
      code: "export { x } from '../../b/queries';",
      filename: at('src/features/a/pages/page.tsx'),
      options: fences,
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'shared code importing a feature',
      code: "import { x } from '../../features/a/queries';",
      filename: at('src/shared/ui/x.tsx'),
      options: fences,
      errors: [{ messageId: 'crossing' }],
    },
  ],
});
