#!/usr/bin/env node
/**
 * The repo's figures of issue 41 ("one seam for a money kind"), printed so that anyone can
 * measure them again instead of trusting a count written in a plan:
 *
 * - functions over 150 lines outside tests: every function-like node with a body (declarations,
 *   arrow functions, function expressions, methods, accessors, constructors), read with the
 *   TypeScript compiler, counted from its first line to its last;
 * - branches on a money kind's name outside that kind's own folders (`=== 'payin'`,
 *   `case 'refund'`, `.includes('top_up')`…): each is a place a new kind may have to be taught;
 * - the floors, circles and arrows back up of each root, as `npm run check:cycles` counts them.
 *
 *   node scripts/figures.mjs        (npm run figures)
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { measureRoot } from './check-folder-cycles.mjs';

const LONG_FUNCTION_LINES = 150;
const SCANNED = ['server/src', 'web/src', 'packages/contract/src', 'bench', 'scripts'];
const CYCLE_ROOTS = ['server/src', 'web/src', 'packages/contract/src'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test', 'e2e']);
const KINDS_DIR = 'packages/contract/src/money-kinds';

/** Every source file under `dir` that is no test, as a path relative to the repo root. */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    const isSource = SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts');
    return isSource && !TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** The name a function goes by: its own, or the variable, property or call that holds it. */
function functionName(node) {
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const { parent } = node;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText()})`;
  return '(anonymous)';
}

/** The functions of one file over the limit: { lines, line, name }. */
function longFunctionsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > LONG_FUNCTION_LINES)
        found.push({ lines, line: start + 1, name: functionName(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((fn) => ({ ...fn, file }));
}

/**
 * Each money kind's name with the folder names of its own code: the contract's kind file
 * (`top-up.ts`, which also holds no other kind but its destinations, as `settlement.ts` holds
 * `settlement_wallet`) gives the plural (`top-ups`) of `modules/`, `features/` and the sandbox.
 */
function moneyKinds() {
  return fs
    .readdirSync(KINDS_DIR)
    .filter((name) => name.endsWith('.ts') && !['index.ts', 'money-kind.ts'].includes(name))
    .flatMap((file) => {
      const text = fs.readFileSync(path.posix.join(KINDS_DIR, file), 'utf8');
      const plural = `${file.replace(/\.ts$/, '')}s`;
      const names = [...text.matchAll(/^\s*name: '([a-z_]+)'/gm)].map((match) => match[1]);
      return names.map((name) => ({
        name,
        plural,
        contractFile: path.posix.join(KINDS_DIR, file),
      }));
    });
}

/** Whether `file` is a kind's own code, where naming kinds (its own, its parent's) is its job. */
function isKindFolder(file, kind) {
  return (
    file === kind.contractFile ||
    file.startsWith(`server/src/modules/${kind.plural}/`) ||
    file.startsWith(`web/src/features/${kind.plural}/`) ||
    file === `server/src/connectors/sandbox/sandbox-${kind.plural}.ts`
  );
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Comment lines: a comment may name a kind as it likes. */
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

/** The lines of `files`, outside every kind's own folders, that branch on a kind's name. */
function kindBranches(files, kinds) {
  const patterns = kinds.map((kind) => {
    const quoted = `'${escape(kind.name)}'`;
    const either = [`[!=]==\\s*${quoted}`, `${quoted}\\s*[!=]==`, `case ${quoted}`];
    return { kind, regex: new RegExp(`${either.join('|')}|\\.includes\\(${quoted}\\)`) };
  });
  const found = [];
  for (const file of files.filter((file) => !kinds.some((kind) => isKindFolder(file, kind)))) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (COMMENT.test(text)) return;
      const hits = patterns.filter(({ regex }) => regex.test(text));
      if (hits.length)
        found.push({ file, line: index + 1, kinds: hits.map((hit) => hit.kind.name) });
    });
  }
  return found;
}

function printLongFunctions(files) {
  const long = files.flatMap(longFunctionsOf).sort((a, b) => b.lines - a.lines);
  console.log(`Functions over ${LONG_FUNCTION_LINES} lines outside tests: ${long.length}`);
  for (const fn of long)
    console.log(`  ${String(fn.lines).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`);
}

function printKindBranches(files) {
  const branches = kindBranches(files, moneyKinds());
  console.log(
    `\nBranches on a money kind's name outside the kinds' own folders: ${branches.length}`,
  );
  for (const { file, line, kinds } of branches)
    console.log(`  ${file}:${line}  ${kinds.join(', ')}`);
}

function printFloors() {
  console.log('\nFloors (longest chain of rooms), circles and arrows back up:');
  for (const root of CYCLE_ROOTS) {
    const { floorCount, roomCircles, fileCircles, backUp } = measureRoot(root);
    const circles = roomCircles.length + fileCircles.length;
    console.log(
      `  ${root}: ${floorCount} floors, ${circles} circle(s), ${backUp} arrow(s) back up`,
    );
  }
}

const files = SCANNED.flatMap(sourceFiles);
printLongFunctions(files);
printKindBranches(files);
printFloors();
