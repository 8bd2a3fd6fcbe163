/**
 * A function stays within `max` lines (80), or says right above itself why it reads best whole and how
 * long it is: `// size: 128 lines — <why>`. The number is its ceiling and must be its length, so an
 * exempt function can neither grow nor shrink without the comment changing with it: growing past the
 * ceiling fails, shrinking asks for the lower number, and a function back within the limit loses its
 * comment. The comment may sit in the comment block above the declaration (a doc comment included),
 * and its reason may run on over the following comment lines.
 *
 * Lines are counted as ESLint's max-lines-per-function counts them with blank lines and comments
 * included: from the function's first line (a method's name) to its last.
 */

/** `size: 128 lines — why`, with the dash an em dash, an en dash or hyphens. */
const SIZE_LINE = /^size:\s*(\d+)\s*lines?\b\s*(?:(?:—|–|-+)\s*)?(.*)$/;
/** A reason names something: three words at least, not a placeholder. */
const MIN_REASON_WORDS = 3;

/** Where a comment can stand above a function: the statement, member or property that holds it. */
const HOLDERS = new Set(['Program', 'BlockStatement', 'StaticBlock', 'ClassBody', 'ObjectExpression', 'SwitchCase', 'TSModuleBlock']);

/** A method's or accessor's lines start at its name, as in max-lines-per-function. */
function measured(fn) {
  const parent = fn.parent;
  const embedded =
    parent &&
    parent.value === fn &&
    (parent.type === 'MethodDefinition' ||
      (parent.type === 'Property' && (parent.method || parent.kind === 'get' || parent.kind === 'set')));
  return embedded ? parent : fn;
}

/** The node a size comment stands above: climb to the statement, class member or property holding the function. */
function anchorOf(fn) {
  let node = measured(fn);
  while (node.parent && !HOLDERS.has(node.parent.type)) {
    node = node.parent;
  }
  return node;
}

function nameOf(fn) {
  const parent = fn.parent;
  if (fn.id) {
    return fn.id.name;
  }
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
    return parent.id.name;
  }
  if (
    (parent?.type === 'Property' || parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') &&
    parent.key.type === 'Identifier'
  ) {
    return parent.key.name;
  }
  return 'this function';
}

/** The comment lines of one comment, without `//`, `/*` and leading `*`. */
function textLines(comment) {
  return comment.value.split('\n').map((line) => line.replace(/^\s*\*?\s?/, '').trim());
}

/** The size comment in the block of comments directly above `anchor` (no blank line between), if any. */
function sizeCommentOf(sourceCode, anchor) {
  const before = sourceCode.getCommentsBefore(anchor);
  const block = [];
  let nextLine = anchor.loc.start.line;
  for (let i = before.length - 1; i >= 0 && before[i].loc.end.line >= nextLine - 1; i--) {
    block.unshift(before[i]);
    nextLine = before[i].loc.start.line;
  }
  const lines = block.flatMap((comment) => textLines(comment).map((text) => ({ text, comment })));
  const at = lines.findIndex((line) => SIZE_LINE.test(line.text));
  if (at < 0) {
    return null;
  }
  const [, ceiling, first] = SIZE_LINE.exec(lines[at].text);
  const reason = [first, ...lines.slice(at + 1).map((line) => line.text)].join(' ').trim();
  return { comment: lines[at].comment, ceiling: Number(ceiling), reason };
}

/** @type {import('eslint').Rule.RuleModule} */
export const functionSize = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Functions stay within a line limit, or carry a reason and a ceiling that is their length.' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      tooLong:
        '{{name}} is {{lines}} lines, over the {{max}}-line limit: split it, or say why it reads best whole right above it (`// size: {{lines}} lines — <why>`).',
      grown: '{{name}} is {{lines}} lines, past the {{ceiling}} of its size comment: an exempt function does not grow; split it.',
      shrunk: '{{name}} is {{lines}} lines, under the {{ceiling}} of its size comment: lower it to {{lines}} so it cannot grow back.',
      stale: '{{name}} is {{lines}} lines, within the {{max}}-line limit: remove its size comment.',
      noReason:
        'The size comment of {{name}} gives no reason: say in a few words why it reads best whole (`// size: {{lines}} lines — <why>`).',
      orphan: 'This size comment stands above no function: remove it, or move it right above the function it is for.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const sourceCode = context.sourceCode;
    /** Functions grouped by the node their size comment would stand above, outermost first. */
    const byAnchor = new Map();
    const collect = (fn) => {
      const anchor = anchorOf(fn);
      const node = measured(fn);
      const lines = node.loc.end.line - node.loc.start.line + 1;
      byAnchor.set(anchor, [...(byAnchor.get(anchor) ?? []), { fn, lines }]);
    };
    return {
      FunctionDeclaration: collect,
      FunctionExpression: collect,
      ArrowFunctionExpression: collect,
      'Program:exit'() {
        const used = new Set();
        for (const [anchor, functions] of byAnchor) {
          const size = sizeCommentOf(sourceCode, anchor);
          const longest = functions.reduce((a, b) => (b.lines > a.lines ? b : a));
          const data = { name: nameOf(longest.fn), lines: longest.lines, max };
          if (!size) {
            for (const { fn, lines } of functions.filter((f) => f.lines > max)) {
              context.report({ node: fn, messageId: 'tooLong', data: { name: nameOf(fn), lines, max } });
            }
            continue;
          }
          used.add(size.comment);
          const at = { loc: size.comment.loc, data: { ...data, ceiling: size.ceiling } };
          if (longest.lines <= max) {
            context.report({ ...at, messageId: 'stale' });
          } else if (longest.lines > size.ceiling) {
            context.report({ node: longest.fn, data: at.data, messageId: 'grown' });
          } else if (longest.lines < size.ceiling) {
            context.report({ ...at, messageId: 'shrunk' });
          }
          if (size.reason.split(/\s+/).filter((word) => /\w/.test(word)).length < MIN_REASON_WORDS) {
            context.report({ ...at, messageId: 'noReason' });
          }
        }
        for (const comment of sourceCode.getAllComments()) {
          if (!used.has(comment) && textLines(comment).some((text) => SIZE_LINE.test(text))) {
            context.report({ loc: comment.loc, messageId: 'orphan' });
          }
        }
      },
    };
  },
};
