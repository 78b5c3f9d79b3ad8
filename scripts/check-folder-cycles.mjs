#!/usr/bin/env node
/**
 * Cycle check: every source file under a root (e.g. `server/src`) is read with TypeScript's own
 * pre-processor and resolver, and its relative imports become arrows. Exits 1 on any circle:
 *
 * - between files (a strongly connected component of more than one file);
 * - between the rooms of any folder, at every depth: inside a folder, each child (a file or a
 *   sub-folder with all it holds) is one room, and an import between two files of the folder
 *   is an arrow between their rooms. `list/` ↔ `report/` inside `web/src/ui` is such a circle,
 *   as is `a.ts` → `sub/b.ts` → `a.ts` through other files. A folder named `modules` or
 *   `features` is no room of its own: each of its children is a room of the folder above it.
 *
 * For each root it also prints its floors (the longest chain of arrows between the root's
 * rooms, counted in rooms) and its arrows back up (arrows that point back into a chain that
 * leads to them: a depth-first walk's back edges, zero exactly when there is no circle).
 *
 *   node scripts/check-folder-cycles.mjs [--graph] [root …]      e.g. server/src web/src
 *
 * `--graph` also prints each room of the root with the rooms it imports, lowest floor first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders whose children are each a room of the folder above (a module or a feature). */
const AREA_FOLDERS = new Set(['modules', 'features']);
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx)$/;
/** Imports printed for each arrow of a circle (the rest are counted). */
const SHOWN_TIES = 5;
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

/**
 * A file's path as its chain of rooms, outermost first: `modules/payins/x.ts` →
 * [`modules/payins`, `modules/payins/x.ts`]; `ui/list/a.ts` → [`ui`, `ui/list`, `ui/list/a.ts`].
 */
function roomsOf(relFile) {
  const parts = relFile.split('/');
  const rooms = [];
  for (let i = 0; i < parts.length; i++) {
    if (AREA_FOLDERS.has(parts[i]) && i < parts.length - 2) continue;
    rooms.push(parts.slice(0, i + 1).join('/'));
  }
  return rooms;
}

/** The folder whose rooms the two files' innermost differing rooms are, and those two rooms. */
function tie(fromRel, toRel) {
  const [a, b] = [roomsOf(fromRel), roomsOf(toRel)];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i >= a.length || i >= b.length) return null; // one file: no arrow
  return { folder: i === 0 ? '' : a[i - 1], from: a[i], to: b[i] };
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
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A depth-first walk's back edges: the arrows that close a circle. */
function backEdges(graph) {
  const state = new Map(); // 1 on the walk, 2 done
  const back = [];
  const visit = (node) => {
    state.set(node, 1);
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(to) === 1) back.push([node, to]);
      else if (!state.has(to)) visit(to);
    }
    state.set(node, 2);
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return back;
}

/** Each node's floor: 1 for a room importing nothing, else one above the highest it imports. */
function floors(graph, back) {
  const skip = new Set(back.map(([from, to]) => `${from}\n${to}`));
  const floor = new Map();
  const floorOf = (node) => {
    if (floor.has(node)) return floor.get(node);
    const below = [...graph.get(node)].filter((to) => !skip.has(`${node}\n${to}`));
    const f = Math.max(0, ...below.map(floorOf)) + 1;
    floor.set(node, f);
    return f;
  };
  for (const node of graph.keys()) floorOf(node);
  return floor;
}

const addEdge = (graph, from, to) => {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  if (from !== to) graph.get(from).add(to);
};

/** The imports of one root: file → files, and each folder's own graph of rooms with its ties. */
function readRoot(root) {
  const files = sourceFiles(root);
  const fileGraph = new Map();
  const folders = new Map(); // folder → { graph, ties: Map("from\nto" → ["a.ts → b.ts"]) }
  const folder = (name) => {
    if (!folders.has(name)) folders.set(name, { graph: new Map(), ties: new Map() });
    return folders.get(name);
  };
  for (const file of files) {
    const fromRel = rel(root, file);
    addEdge(fileGraph, fromRel, fromRel);
    const rooms = roomsOf(fromRel);
    addEdge(folder('').graph, rooms[0], rooms[0]);
    for (let i = 1; i < rooms.length; i++) addEdge(folder(rooms[i - 1]).graph, rooms[i], rooms[i]);
    for (const target of importsOf(file, root)) {
      const toRel = rel(root, target);
      addEdge(fileGraph, fromRel, toRel);
      const arrow = tie(fromRel, toRel);
      if (!arrow) continue;
      const { graph, ties } = folder(arrow.folder);
      addEdge(graph, arrow.from, arrow.to);
      const key = `${arrow.from}\n${arrow.to}`;
      ties.set(key, [...(ties.get(key) ?? []), `${fromRel} → ${toRel}`]);
    }
  }
  return { files, fileGraph, folders };
}

/**
 * One root's figures: its files, folders, top rooms with their floors, the circles between rooms
 * and between files, and the arrows back up. Exported for `scripts/figures.mjs`.
 */
export function measureRoot(rootArg) {
  const root = path.resolve(rootArg);
  const { files, fileGraph, folders } = readRoot(root);
  const roomCircles = [...folders.keys()]
    .sort()
    .flatMap((name) => components(folders.get(name).graph).map((members) => ({ name, members })));
  const fileCircles = components(fileGraph);
  const top = folders.get('') ?? { graph: new Map(), ties: new Map() };
  const floor = floors(top.graph, backEdges(top.graph));
  const backUp = [...folders.values()].reduce((sum, f) => sum + backEdges(f.graph).length, 0);
  const floorCount = Math.max(0, ...floor.values());
  return { files, folders, top, floor, floorCount, roomCircles, fileCircles, backUp };
}

/** Checks one root; returns the number of circles found (between rooms and between files). */
function check(rootArg) {
  const { files, folders, top, floor, floorCount, roomCircles, fileCircles, backUp } =
    measureRoot(rootArg);
  console.log(
    `${rootArg}: ${files.length} files, ${folders.size} folders, ${top.graph.size} rooms; ` +
      `${floorCount} floors; ${roomCircles.length} room circle(s), ` +
      `${fileCircles.length} file circle(s), ${backUp} arrow(s) back up`,
  );
  for (const { name, members } of roomCircles) {
    console.log(
      `\n  circle of ${members.length} rooms in ${name || '(root)'}: ${members.join(', ')}`,
    );
    const inside = new Set(members);
    for (const [key, imports] of folders.get(name).ties) {
      const [from, to] = key.split('\n');
      if (!inside.has(from) || !inside.has(to)) continue;
      console.log(`    ${from} → ${to}`);
      for (const line of imports.slice(0, SHOWN_TIES)) console.log(`      ${line}`);
      if (imports.length > SHOWN_TIES) console.log(`      and ${imports.length - SHOWN_TIES} more`);
    }
  }
  for (const members of fileCircles) {
    console.log(`\n  circle of ${members.length} files: ${members.join(', ')}`);
  }
  if (showGraph) printGraph(top.graph, floor);
  return roomCircles.length + fileCircles.length;
}

/** Each room of the root and what it imports, lowest floor first. */
function printGraph(graph, floor) {
  const nodes = [...graph.keys()].sort((a, b) => floor.get(a) - floor.get(b) || a.localeCompare(b));
  console.log('');
  for (const node of nodes)
    console.log(`  ${floor.get(node)} ${node} → ${[...graph.get(node)].sort().join(', ')}`);
}

const rel = (root, file) => path.relative(root, file).split(path.sep).join('/');

const showGraph = process.argv.includes('--graph');
const isCli = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isCli) {
  const roots = process.argv.slice(2).filter((arg) => arg !== '--graph');
  const circles = (roots.length ? roots : ['server/src']).reduce(
    (sum, root) => sum + check(root),
    0,
  );
  process.exitCode = circles > 0 ? 1 : 0;
}
