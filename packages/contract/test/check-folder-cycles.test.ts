/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run check:cycles` (scripts/check-folder-cycles.mjs) run on small trees written to a
 * temporary folder: it must fail on every kind of circle it promises to find, name the rooms
 * that make it, and pass a tree whose arrows all run one way.
 */
const SCRIPT = fileURLToPath(new URL('../../../scripts/check-folder-cycles.mjs', import.meta.url));

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path → source) under a new temporary `src` folder and returns it. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  trees.push(dir);
  const root = path.join(dir, 'src');
  for (const [name, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), source);
  }
  return root;
}

function check(root: string): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

/** A tree whose arrows all run down: ui/report → ui/list → lib, and an app file on top. */
const CLEAN = {
  'main.ts': "import { page } from './ui/report/view';\nexport const app = page;\n",
  'ui/report/view.ts': "import { list } from '../list/list';\nexport const page = list;\n",
  'ui/list/list.ts': "import { call } from '../../lib/api';\nexport const list = call;\n",
  'ui/list/defaults.ts': "import type { Call } from '../../lib/api';\nexport type D = Call;\n",
  'lib/api.ts': 'export type Call = string;\nexport const call = 1;\n',
  'modules/a/a.ts': "import { b } from '../b/b';\nexport const a = b;\n",
  'modules/b/b.ts': "import { call } from '../../lib/api';\nexport const b = call;\n",
};

// Each test runs the script in a process of its own (about 1 s, several on a loaded machine).
describe('check-folder-cycles', { timeout: 60_000 }, () => {
  it('passes a tree without circles and prints its floors', () => {
    const { status, out } = check(tree(CLEAN));
    expect(out).toContain('0 room circle(s), 0 file circle(s), 0 arrow(s) back up');
    expect(out).toContain('3 floors'); // main.ts → ui → lib, modules/a → modules/b → lib
    expect(status).toBe(0);
  });

  it('fails on a circle between two sub-folders of a folder, with no file circle', () => {
    const { status, out } = check(
      tree({
        ...CLEAN,
        // list takes a type from report while report's view imports list: ui/list ↔ ui/report
        'ui/list/defaults.ts': "import type { P } from '../report/settings';\nexport type D = P;\n",
        'ui/report/settings.ts': 'export type P = string;\n',
      }),
    );
    expect(out).toContain('circle of 2 rooms in ui: ui/list, ui/report');
    expect(out).toContain('ui/list/defaults.ts → ui/report/settings.ts');
    expect(out).toContain('0 file circle(s)');
    expect(status).toBe(1);
  });

  it('fails on a circle between a file and a folder beside it', () => {
    const { status, out } = check(
      tree({
        ...CLEAN,
        'lib/group.ts': 'export type G = string;\n',
        'lib/kinds/kind.ts': "import type { G } from '../group';\nexport type K = G;\n",
        'lib/menu.ts': "import type { K } from './kinds/kind';\nexport type M = K;\n",
        'lib/kinds/index.ts': "import type { M } from '../menu';\nexport type I = M;\n",
      }),
    );
    expect(out).toContain('circle of 2 rooms in lib: lib/kinds, lib/menu.ts');
    expect(status).toBe(1);
  });

  it('fails on a circle between areas of modules/ and between files', () => {
    const { status, out } = check(
      tree({
        ...CLEAN,
        'modules/b/b.ts': "import { a } from '../a/a';\nexport const b = a;\n",
      }),
    );
    expect(out).toContain('circle of 2 rooms in (root): modules/a, modules/b');
    expect(out).toContain('circle of 2 files: modules/a/a.ts, modules/b/b.ts');
    expect(status).toBe(1);
  });
});
