#!/usr/bin/env node
/**
 * Folder-cycle check: every source file under a root (default `server/src`) is read with
 * TypeScript's own pre-processor and resolver, files are collapsed to folders
 * (`<root>/<folder>`, and `<root>/modules/<area>` or `<root>/features/<area>` one node each),
 * and every strongly connected component of more than one folder is printed with the imports
 * that tie it. Circles between single files are reported too. Exits 1 when there is any.
 *
 *   node scripts/check-folder-cycles.mjs [--graph] [root …]      e.g. server/src web/src
 *
 * `--graph` also prints each folder with the folders it imports, lowest first.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Folders whose children are each a node of their own (a module or a feature). */
const AREA_FOLDERS = new Set(['modules', 'features']);
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx)$/;
const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The file's relative imports (static, re-exports, dynamic), resolved to files in the root. */
function importsOf(file, root) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ts.resolveModuleName(spec, file, OPTIONS, ts.sys).resolvedModule)
    .map((resolved) => resolved && path.resolve(resolved.resolvedFileName))
    .filter((target) => target && target.startsWith(root + path.sep));
}

function folderOf(file, root) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return '(root)';
  if (AREA_FOLDERS.has(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Tarjan's strongly connected components of a graph given as Map<node, Set<node>>. */
function components(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1) found.push(members.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const addEdge = (graph, from, to) => {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  if (from !== to) graph.get(from).add(to);
};

/** Checks one root; returns the number of circles found (folders and files). */
function check(rootArg) {
  const root = path.resolve(rootArg);
  const files = sourceFiles(root);
  const fileGraph = new Map();
  const folderGraph = new Map();
  const ties = new Map(); // "from folder → to folder" → ["a.ts → b.ts", …]
  for (const file of files) {
    addEdge(fileGraph, file, file);
    for (const target of importsOf(file, root)) {
      addEdge(fileGraph, file, target);
      const [from, to] = [folderOf(file, root), folderOf(target, root)];
      addEdge(folderGraph, from, to);
      if (from === to) continue;
      const key = `${from} → ${to}`;
      ties.set(key, [...(ties.get(key) ?? []), `${rel(root, file)} → ${rel(root, target)}`]);
    }
  }
  const folderCircles = components(folderGraph);
  const fileCircles = components(fileGraph);
  const inCircles = folderCircles.reduce((sum, members) => sum + members.length, 0);
  console.log(
    `${rootArg}: ${files.length} files, ${folderGraph.size} folders; ` +
      `${folderCircles.length} folder circle(s) holding ${inCircles} folders, ` +
      `${fileCircles.length} file circle(s)`,
  );
  for (const members of folderCircles) {
    console.log(`\n  circle of ${members.length} folders: ${members.join(', ')}`);
    const inside = new Set(members);
    for (const [key, imports] of ties) {
      const [from, to] = key.split(' → ');
      if (!inside.has(from) || !inside.has(to)) continue;
      console.log(`    ${key}`);
      for (const line of imports) console.log(`      ${line}`);
    }
  }
  if (showGraph) printGraph(folderGraph);
  for (const members of fileCircles) {
    console.log(
      `\n  circle of ${members.length} files: ${members.map((f) => rel(root, f)).join(', ')}`,
    );
  }
  return folderCircles.length + fileCircles.length;
}

/** Each folder and what it imports, lowest first (by its longest chain of imports). */
function printGraph(graph) {
  const depth = new Map();
  const depthOf = (node, seen = new Set()) => {
    if (depth.has(node)) return depth.get(node);
    if (seen.has(node)) return 0; // a circle: reported above
    seen.add(node);
    const d = Math.max(-1, ...[...graph.get(node)].map((to) => depthOf(to, seen))) + 1;
    depth.set(node, d);
    return d;
  };
  const nodes = [...graph.keys()].sort((a, b) => depthOf(a) - depthOf(b) || a.localeCompare(b));
  for (const node of nodes)
    console.log(`  ${depthOf(node)} ${node} → ${[...graph.get(node)].sort().join(', ')}`);
}

const rel = (root, file) => path.relative(root, file).split(path.sep).join('/');

const showGraph = process.argv.includes('--graph');
const roots = process.argv.slice(2).filter((arg) => arg !== '--graph');
const circles = (roots.length ? roots : ['server/src']).reduce((sum, root) => sum + check(root), 0);
process.exitCode = circles > 0 ? 1 : 0;
