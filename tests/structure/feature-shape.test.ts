import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { moduleNames, nodesOf, parse } from './syntax';

/**
 * Every server feature is a configuration of the same rails (docs/architecture.md): the same
 * files with the same jobs, services that take a context first (the organization's
 * RequestContext, or for a user's own calls the UserContext / PublicContext), routes that only
 * connect a contract call to a service, and a registration in the central list. There are no
 * exceptions: a new feature folder is held to the same shape from its first file. The files are read
 * as TypeScript's syntax tree, so a service written as an arrow function is held like a declaration.
 */
const root = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(root, 'server/features');

/** A file's job is its name, or its name before the first `-` when a job outgrew one file (`service-team.ts`). */
const JOBS = ['routes', 'service', 'repository', 'present', 'transitions', 'index'] as const;
/**
 * Every feature holds its rules and its SQL. Only a feature that answers calls (one registered in
 * server/features/register.ts) has routes and presents rows as the contract's answers: a feature
 * other features and the seed call, with no calls of its own yet, has neither.
 */
const REQUIRED = ['service', 'repository'] as const;
const REQUIRED_OF_CALLS = ['routes', 'present'] as const;
/** The contexts a service may take first: an organization's call, a user's own call, a public call. */
const CONTEXTS = ['RequestContext', 'UserContext', 'PublicContext'];

const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const filesOf = (feature: string) =>
  fs
    .readdirSync(path.join(FEATURES, feature))
    .filter((name) => name.endsWith('.ts'))
    .sort();
const read = (feature: string, file: string) => parse(path.join(FEATURES, feature, file));
const jobOf = (file: string) => file.replace(/\.ts$/, '').split('-')[0]!;
const centralImports = moduleNames(parse(path.join(FEATURES, 'register.ts')));
const answersCalls = (feature: string) => centralImports.includes(`./${feature}/routes`);

/** What keeps a feature off the rails, in sentences; none means it is on them. */
function problemsOf(feature: string): string[] {
  const files = filesOf(feature);
  const problems: string[] = [];
  for (const file of files) {
    if (!(JOBS as readonly string[]).includes(jobOf(file))) {
      problems.push(`${file} has no job of the file set (${JOBS.join(', ')})`);
    }
  }
  for (const job of answersCalls(feature) ? [...REQUIRED, ...REQUIRED_OF_CALLS] : REQUIRED) {
    if (!files.includes(`${job}.ts`)) {
      problems.push(`${job}.ts is missing`);
    }
  }
  problems.push(...routeProblems(feature, files), ...serviceProblems(feature, files));
  return problems;
}

/** What a route file must not hold: a node of the syntax tree, and the sentence that says why. */
const ROUTE_FAULTS: [(node: ts.Node) => boolean, string][] = [
  [(node) => ts.isIdentifier(node) && node.text === 'tx', 'uses the transaction'],
  [(node) => ts.isIdentifier(node) && node.text === 'trail', 'uses the trail directly'],
  [
    (node) =>
      (ts.isIdentifier(node) && (node.text.startsWith('authorize') || node.text === 'requireAssignmentsReadable')) ||
      (ts.isPropertyAccessExpression(node) && node.name.text === 'has' && /\bpermissions$/.test(node.expression.getText())),
    'checks access',
  ],
  [(node) => ts.isThrowStatement(node) || (ts.isIdentifier(node) && node.text === 'AppError'), 'fails on its own'],
  [
    (node) =>
      ts.isIfStatement(node) ||
      ts.isForStatement(node) ||
      ts.isForOfStatement(node) ||
      ts.isForInStatement(node) ||
      (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'map'),
    'holds logic',
  ],
  [
    (node) => ts.isImportDeclaration(node) && /^\.\/repository/.test((node.moduleSpecifier as ts.StringLiteral).text),
    'reads the repository',
  ],
];

/** Routes connect a call to a service: no transaction, no access check, no rule of their own. */
function routeProblems(feature: string, files: string[]): string[] {
  return files
    .filter((file) => jobOf(file) === 'routes')
    .flatMap((file) => {
      const nodes = [...nodesOf(read(feature, file))];
      return ROUTE_FAULTS.filter(([fault]) => nodes.some(fault)).map(([, what]) => `${file} ${what}`);
    });
}

/** A function a module exports under `name`: a declaration, or a const holding an arrow or function expression. */
type Exported = { name: string; fn: ts.FunctionLikeDeclaration };

function exportedFunctions(source: ts.SourceFile): Exported[] {
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const local = new Map<string, ts.FunctionLikeDeclaration>();
  const exported: Exported[] = [];
  const listed: string[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      local.set(statement.name.text, statement);
      if (isExported(statement)) {
        exported.push({ name: statement.name.text, fn: statement });
      }
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          local.set(declaration.name.text, init);
          if (isExported(statement)) {
            exported.push({ name: declaration.name.text, fn: init });
          }
        }
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      // `export { name }` of a function declared above
      listed.push(...statement.exportClause.elements.map((e) => (e.propertyName ?? e.name).text));
    }
  }
  return [...exported, ...listed.flatMap((name) => (local.has(name) ? [{ name, fn: local.get(name)! }] : []))];
}

/**
 * Whether a function may wait on the database: it is async, says it answers a Promise, or says nothing
 * of what it answers. A rule that answers at once (a check, a sanitizer) declares its return type, so
 * it needs no context: nothing synchronous reaches the database.
 */
function mayWait(fn: ts.FunctionLikeDeclaration): boolean {
  const isAsync = (ts.getModifiers(fn) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  return isAsync || !fn.type || /^Promise\b/.test(fn.type.getText());
}

function takesContext(fn: ts.FunctionLikeDeclaration): boolean {
  const first = fn.parameters[0];
  const type = first?.type;
  return (
    first !== undefined &&
    ts.isIdentifier(first.name) &&
    first.name.text === 'ctx' &&
    type !== undefined &&
    ts.isTypeReferenceNode(type) &&
    CONTEXTS.includes(type.typeName.getText())
  );
}

/**
 * Every exported function of a service that may reach the database takes one of the contexts first,
 * as `ctx`: declarations and exported consts holding an arrow or a function expression alike.
 */
export function serviceFindings(file: string, source: ts.SourceFile): string[] {
  return exportedFunctions(source)
    .filter(({ fn }) => mayWait(fn) && !takesContext(fn))
    .map(({ name }) => `${file}: ${name} does not take a context first (ctx: ${CONTEXTS.join(' | ')})`);
}

function serviceProblems(feature: string, files: string[]): string[] {
  return files.filter((file) => jobOf(file) === 'service').flatMap((file) => serviceFindings(file, read(feature, file)));
}

describe('the shape of server features', () => {
  for (const feature of features) {
    it(`${feature} has the file set, context-first services and thin routes`, () => {
      expect(problemsOf(feature)).toEqual([]);
    });
  }

  it('registers every feature that has routes in the central list, once', () => {
    for (const feature of features.filter((f) => fs.existsSync(path.join(FEATURES, f, 'routes.ts')))) {
      expect(
        centralImports.filter((name) => name === `./${feature}/routes`),
        feature,
      ).toHaveLength(1);
    }
  });

  it('holds an arrow-function service to a context too (the checker itself works)', () => {
    const source = [
      "import type { RequestContext } from '../../lib/request-context';",
      'export const listThings = async (organizationId: string) => organizationId;',
      'export const countThings = (tx: unknown, organizationId: string) => query(tx, organizationId);',
      'export const getThing = async (ctx: RequestContext, id: string) => id;',
      'export async function removeThing(id: string) { return id; }',
      'export const cleanName = (name: string): string => name.trim();',
      'const hidden = async (id: string) => id;',
      'async function listed(id: string) { return id; }',
      'export { listed };',
    ].join('\n');
    expect(serviceFindings('service.ts', parse('service.ts', source))).toEqual([
      'service.ts: listThings does not take a context first (ctx: RequestContext | UserContext | PublicContext)',
      'service.ts: countThings does not take a context first (ctx: RequestContext | UserContext | PublicContext)',
      'service.ts: removeThing does not take a context first (ctx: RequestContext | UserContext | PublicContext)',
      'service.ts: listed does not take a context first (ctx: RequestContext | UserContext | PublicContext)',
    ]);
  });
});
