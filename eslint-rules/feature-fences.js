import path from 'node:path';

/**
 * Features stay apart. Each area (`server/features`, `src/features`) is given its feature folders, read
 * from the disk when the config loads, so a new folder is fenced from its first file. An import is
 * resolved to the file it names before it is judged, so `../x/service` and `../../features/x/service`
 * are the same crossing.
 *
 * - `door`: the one file of a feature that others may import (`index.ts`, or the folder itself, which
 *   resolves to it); without a door a feature imports no other feature at all.
 * - Code outside the area's features goes through the door too, except the `composers` (which may
 *   import the files they list from every feature: the central route list takes each `routes.ts`) and
 *   folders listed as `free` (the app's shell, which loads screens lazily file by file).
 * - `shut`: folders that import no feature at all (shared code that features build on).
 */

const EXTENSIONS = /\.(?:tsx?|jsx?|mjs|cjs)$/;

/** The import's target, relative to the repository, without an extension; null for a package. */
function targetOf(filename, source, root) {
  if (!source.startsWith('.')) {
    return null;
  }
  const resolved = path
    .relative(root, path.resolve(path.dirname(filename), source))
    .split(path.sep)
    .join('/');
  return resolved.replace(EXTENSIONS, '');
}

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** The feature a repository path belongs to in `area`, and the path inside it ('' for the folder itself). */
function featureOf(file, area) {
  if (!file.startsWith(`${area.root}/`)) {
    return null;
  }
  const [name, ...rest] = file.slice(area.root.length + 1).split('/');
  return area.features.includes(name) ? { name, within: rest.join('/') } : null;
}

const DOOR = (area) => area.door.replace(EXTENSIONS, '');

/** Why an import from `from` to `to` crosses a fence of `area`, or null when it may. */
function crossing(from, to, area) {
  const target = featureOf(to, area);
  if (!target) {
    return null;
  }
  const source = featureOf(from, area);
  if (source?.name === target.name) {
    return null;
  }
  const where = `${area.root}/${target.name}`;
  if ((area.shut ?? []).some((folder) => inside(from, folder))) {
    return `${from.split('/').slice(0, 2).join('/')}/ imports no feature (${where})`;
  }
  if (!source) {
    const composed = Object.entries(area.composers ?? {}).find(([file]) => from === file.replace(EXTENSIONS, ''));
    if (composed?.[1].some((file) => target.within === file.replace(EXTENSIONS, ''))) {
      return null;
    }
    if ((area.free ?? []).some((folder) => inside(from, folder))) {
      return null;
    }
  }
  if (!area.door) {
    return `a feature of ${area.root}/ imports no other feature (${source?.name ?? from} → ${where})`;
  }
  if (target.within === '' || target.within === DOOR(area)) {
    return null;
  }
  return `${where} is reached only through its ${area.door}, not ${where}/${target.within}: export what you need there`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureFences = {
  meta: {
    type: 'problem',
    docs: { description: "A feature reaches another only through that feature's door (index.ts), or not at all." },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          areas: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                root: { type: 'string' },
                features: { type: 'array', items: { type: 'string' } },
                door: { type: ['string', 'null'] },
                composers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
                free: { type: 'array', items: { type: 'string' } },
                shut: { type: 'array', items: { type: 'string' } },
              },
              required: ['root', 'features', 'door'],
              additionalProperties: false,
            },
          },
        },
        required: ['areas'],
        additionalProperties: false,
      },
    ],
    messages: { crossing: 'Import fence: {{why}}.' },
  },
  create(context) {
    const { areas, root = context.cwd } = context.options[0];
    const from = path.relative(root, context.filename).split(path.sep).join('/').replace(EXTENSIONS, '');
    const check = (node, source) => {
      if (typeof source !== 'string') {
        return;
      }
      const to = targetOf(context.filename, source, root);
      for (const area of to ? areas : []) {
        const why = crossing(from, to, area);
        if (why) {
          context.report({ node, messageId: 'crossing', data: { why } });
        }
      }
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // `typeof import('../x/service')` in a type couples the files as much as an import does.
      TSImportType: (node) => {
        const literal = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source;
        if (literal?.type === 'Literal') {
          check(literal, literal.value);
        }
      },
    };
  },
};
