import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Part of `npm run lint`: no line of the repository (code, comments, strings, Markdown, configuration)
 * cites a document outside it. Someone who clones the repository has only the repository: a comment that
 * sends them to a section of a document they cannot open tells them nothing. Say the rule or the reason
 * itself, and put a rule that matters beyond one file in docs/ (docs/conventions.md says so).
 *
 * What counts as a citation: a relative path to a `shared` folder outside the repository, the
 * specification's folder, the design and conventions documents by file name (unless the name is a file
 * of the repository), numbered sections (this repository's docs do not number theirs), and the wording
 * that points at the product specification ("the spec", "(spec: …)", "spec §…"). "Spec" alone is not a
 * citation: Playwright's test files are specs (`clinic-day.spec.ts`, "this spec", "a long spec").
 */
const ROOT = process.cwd();

interface Rule {
  name: string;
  pattern: RegExp;
  /** A match this says is fine is not reported (a path that names a file of the repository). */
  isFine?: (match: string, file: string) => boolean;
}

const SOURCE_ENDINGS = ['', '.ts', '.tsx', '.js', '.d.ts', '/index.ts', '/index.tsx'];

/** True when `target`, read from `file`'s folder or from the root, is a file or folder of the repository. */
function isInRepository(target: string, file: string): boolean {
  const bases = target.startsWith('.') ? [path.dirname(path.join(ROOT, file))] : [path.dirname(path.join(ROOT, file)), ROOT];
  return bases.some((base) => {
    const resolved = path.resolve(base, target);
    const inside = resolved === ROOT || resolved.startsWith(ROOT + path.sep);
    return inside && SOURCE_ENDINGS.some((ending) => fs.existsSync(resolved + ending));
  });
}

const RULES: Rule[] = [
  // src/ has a shared/ folder of its own, imported as '../shared/ui/…': those paths exist.
  { name: 'a path outside the repository', pattern: /(?:\.\.\/)+shared(?:\/[\w.-]+)*/g, isFine: isInRepository },
  { name: 'the specification folder', pattern: /\bshared\/spec/g },
  { name: 'a document outside the repository', pattern: /[\w./-]*\b(?:design|conventions)\.md\b/g, isFine: isInRepository },
  { name: 'a section of the conventions', pattern: /\bconventions\s*§|\(\s*conventions\s*[:;)]/gi },
  { name: 'a section of the specification', pattern: /\bspec\s*§/gi },
  { name: 'a numbered section', pattern: /§\s*\d/g },
  { name: 'the specification', pattern: /\b(?:the|product) specification\b/gi },
  // "the spec" is the product's; a test file is "this spec", "a spec", "the spec file".
  { name: 'the specification', pattern: /\bthe spec\b(?!\s*files?\b)/gi },
  { name: 'the specification', pattern: /\bspec (?:name|names|words|text|texts|says|asks)\b/gi },
  // "(spec)" and "(spec: …)" in prose, not code's `parseFaults(spec)`, `((spec) =>` or `(spec: string)`.
  { name: 'the specification', pattern: /(?<![\w$(])\(spec(?:\)|:(?!\s*[A-Za-z_$][\w$]*\s*[,)=<|[]))/gi },
];

/** This file names the patterns, so it is not read; the lockfile is npm's. */
const NOT_READ = new Set(['scripts/citations.ts', 'package-lock.json']);

function files(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' });
  return listed.split('\0').filter((file) => {
    if (file === '' || NOT_READ.has(file)) {
      return false;
    }
    const stat = fs.lstatSync(path.join(ROOT, file), { throwIfNoEntry: false });
    return stat?.isFile() === true && stat.size <= 1024 * 1024;
  });
}

function citationsIn(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  if (text.includes('\0')) {
    return [];
  }
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) {
      const cited = [...line.matchAll(rule.pattern)].find((m) => !rule.isFine?.(m[0], file));
      if (cited) {
        found.push(`${file}:${index + 1}: ${rule.name} ("${cited[0]}"): ${line.trim()}`);
        return;
      }
    }
  });
  return found;
}

const t0 = Date.now();
const read = files();
const found = read.flatMap(citationsIn);
const seconds = ((Date.now() - t0) / 1000).toFixed(1);
if (found.length > 0) {
  console.error(found.join('\n'));
  console.error(
    `citations: ${found.length} lines cite a document outside the repository. Say the rule or the reason itself; ` +
      'a rule that matters beyond one file belongs in docs/.',
  );
  process.exit(1);
}
console.log(`citations: no line cites a document outside the repository (${read.length} files, ${seconds} s)`);
