import fs from 'node:fs';
import ts from 'typescript';

/**
 * The structure tests read code as TypeScript reads it, not as text: a comment that mentions an import
 * or a `tx` is not code, and an import split over lines or written as `import('…')` is still an import.
 */
export function parse(fileName: string, text = fs.readFileSync(fileName, 'utf8')): ts.SourceFile {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

/** Every node of a file, depth first. */
export function* nodesOf(node: ts.Node): Generator<ts.Node> {
  yield node;
  const children: ts.Node[] = [];
  ts.forEachChild(node, (child) => {
    children.push(child);
  });
  for (const child of children) {
    yield* nodesOf(child);
  }
}

/**
 * The module names a file imports: import and export declarations (type-only ones too: they couple
 * as much), `import('…')` calls and `import('…')` types.
 */
export function moduleNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) {
      names.push(node.text);
    }
  };
  for (const node of nodesOf(source)) {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    }
  }
  return names;
}
