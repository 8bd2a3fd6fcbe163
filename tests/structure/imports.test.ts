import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleNames, parse } from './syntax';

/**
 * Import cycles make a module see another half-initialised and tie features together so neither
 * can change alone. The server's feature folders depend on each other in one direction only (shared
 * code lives in server/lib or server/db), and no module of the server or the contract imports itself
 * back through others. ESLint holds which folder may import which (eslint.config.js, the feature fences
 * of eslint-rules/); cycles need the whole graph at once, so this test reads every file's imports with
 * the TypeScript parser and searches the graph.
 */
const root = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(root, 'server/features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'migrations' ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file is parsed once: the tests below walk the same graph. */
const parsed = new Map<string, string[]>();

/** The repository files a module imports by relative path (type-only imports count: they couple too). */
function importsOf(file: string): string[] {
  const known = parsed.get(file);
  if (known) {
    return known;
  }
  const found = moduleNames(parse(file)).flatMap((name) => {
    if (!name.startsWith('.')) {
      return [];
    }
    const target = path.resolve(path.dirname(file), name);
    const resolved = [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx'), target].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    return resolved ? [resolved] : [];
  });
  parsed.set(file, found);
  return found;
}

/** Every cycle's path (first node repeated at the end), found by depth-first search. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        found.push([...stack.slice(stack.indexOf(next)), next]);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  [...graph.keys()].sort().forEach((node) => state.has(node) || visit(node));
  return found;
}

const files = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'contract'))];
const relative = (file: string) => path.relative(root, file);

describe('import structure', () => {
  it('finds the imports it checks (the walk itself works)', () => {
    const registered = importsOf(path.join(FEATURES, 'register.ts')).map(relative);
    expect(registered).toContain('server/features/accounts/routes.ts');
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b', 'a']]);
  });

  it('no module of the server or the contract imports itself back', () => {
    const graph = new Map(files.map((file) => [relative(file), new Set(importsOf(file).map(relative))]));
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  }, 60_000); // parsing every file of the server takes seconds on a busy machine

  it('feature folders of the server depend on each other in one direction only', () => {
    const featureOf = (file: string) => (file.startsWith(FEATURES + path.sep) ? path.relative(FEATURES, file).split(path.sep)[0]! : null);
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      const from = featureOf(file);
      if (!from || !fs.statSync(path.join(FEATURES, from)).isDirectory()) {
        continue; // register.ts composes every feature and is imported by none
      }
      const edges = graph.get(from) ?? new Set<string>();
      for (const target of importsOf(file)) {
        const to = featureOf(target);
        if (to && to !== from) {
          edges.add(to);
        }
      }
      graph.set(from, edges);
    }
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
