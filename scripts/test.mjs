// `npm test`: every check and test of `npm run check` and `npm run test:e2e`, on two lanes so
// that both cores work all the way through (docs/architecture.md, "Tests"):
//   lane 1: the static checks (`npm run check:static`), the unit and API tests
//           (`npm run test:unit`, one Vitest worker), then the browser files of SECOND_LANE_FILES;
//   lane 2: seeds the browser suite's demo world (e2e/support/seed-ahead.ts), copies it for
//           lane 1, builds the web app, then runs every other browser file.
// Each lane's browser files get their own server on their own copy of the seeded world, and
// their own Chromium (e2e/support/global-setup.ts). A seed that fails leaves one browser run of
// every file, after lane 1, to seed its own. A failed check stops what has not started yet.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
const vitest = path.resolve('node_modules/vitest/vitest.mjs');

/**
 * The browser files lane 1 runs once its unit tests are done: chosen so that both lanes end
 * near the same time. In the last CI run lane 2's browser files took 2,398 s after the seed
 * and the build, and lane 1 started its browser files 1,370 s after lane 2 had; the English
 * accessibility walk (about 290 s), the dashboard file (about 135 s) and the roles file
 * (about 220 s) fill the gap. Every other file, new ones included, runs on lane 2.
 */
const SECOND_LANE_FILES = [
  'accessibility.e2e.test.ts',
  'dashboard.e2e.test.ts',
  'roles.e2e.test.ts',
];

let stopped = false;
/** The running seed, stopped when a check fails meanwhile (its server goes with it). */
let seeding;

/** Copies a child's output lines to this terminal, each behind its lane's label. */
function relay(stream, label, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${label} ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${label} ${rest}\n`));
}

/** Runs one step of a lane; prints how long it took; answers its exit code. */
function run(label, title, command, args, env = process.env, onStart = () => {}) {
  const started = Date.now();
  console.log(`${label} ▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    onStart(child);
    relay(child.stdout, label, process.stdout);
    relay(child.stderr, label, process.stderr);
    child.once('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${label} ■ ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve(status);
    });
  });
}

/** A browser run over the given seeded folder (or a fresh one), its report named `report`. */
function browserRun(label, title, dataDir, report, fileArgs) {
  const env = { ...process.env, E2E_REPORT: report };
  if (dataDir) env.E2E_DATA_DIR = dataDir;
  const args = [vitest, 'run', '--config', 'e2e/vitest.config.ts', ...fileArgs];
  return run(label, title, process.execPath, args, env);
}

/** Runs steps in order until one fails (or the other lane failed); answers 0 or the failing code. */
async function lane(steps) {
  for (const step of steps) {
    if (stopped) return 1;
    const status = await step();
    if (status !== 0) {
      stopped = true;
      seeding?.kill('SIGTERM');
      return status;
    }
  }
  return 0;
}

/** A promise with its resolve at hand. */
function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

const seedDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
const secondDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
/** Whether the seed made the demo world (and lane 1 has its copy). */
const seeded = deferred();
/** The web app build's exit code. */
const webBuilt = deferred();

const lane2 = lane([
  async () => {
    const status = await run(
      '[2]',
      'seed ahead',
      process.execPath,
      [tsx, 'e2e/support/seed-ahead.ts', seedDir],
      process.env,
      (child) => (seeding = child),
    );
    seeding = undefined;
    if (stopped) return 1;
    if (status === 0) cpSync(seedDir, secondDir, { recursive: true });
    else console.log('[2] the seed ahead failed (above): one browser run seeds its own.');
    seeded.resolve(status === 0);
    return 0;
  },
  async () => {
    const status = await run('[2]', 'build the web app', npm, ['run', 'build', '-w', 'web']);
    webBuilt.resolve(status);
    return status;
  },
  async () => {
    if (!(await seeded.promise)) return 0;
    const excluded = SECOND_LANE_FILES.flatMap((file) => ['--exclude', `**/${file}`]);
    return browserRun('[2]', 'browser tests', seedDir, 'e2e-lane2', excluded);
  },
]).finally(() => {
  seeded.resolve(false);
  webBuilt.resolve(1);
});

const lane1 = lane([
  () => run('[1]', 'static checks', npm, ['run', 'check:static']),
  () => run('[1]', 'unit and API tests', npm, ['run', 'test:unit']),
  async () => {
    const withSeed = await seeded.promise;
    const built = await webBuilt.promise;
    if (stopped) return 1;
    if (built !== 0) return built;
    if (withSeed)
      return browserRun('[1]', 'browser tests', secondDir, 'e2e-lane1', SECOND_LANE_FILES);
    return browserRun('[1]', 'browser tests (every file)', undefined, 'e2e', []);
  },
]);

const statuses = await Promise.all([lane1, lane2]);
rmSync(seedDir, { recursive: true, force: true });
rmSync(secondDir, { recursive: true, force: true });
process.exit(statuses.find((s) => s !== 0) ?? 0);
