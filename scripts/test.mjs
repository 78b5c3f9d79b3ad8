// `npm test`: the checks and unit tests (`npm run check`), then the browser suite
// (`npm run test:e2e`). The unit tests run on one worker of the two cores, so the browser
// suite's demo world is seeded meanwhile on the other (e2e/support/seed-ahead.ts); a seed that
// fails leaves the browser suite to seed its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');

/** Runs a command with this terminal; answers its exit code. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
let seedLog = '';
const seeding = spawn(process.execPath, [tsx, 'e2e/support/seed-ahead.ts', dataDir], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
seeding.stdout.on('data', (chunk) => (seedLog += chunk));
seeding.stderr.on('data', (chunk) => (seedLog += chunk));
const seeded = new Promise((resolve) => seeding.once('exit', (code) => resolve(code === 0)));

const checked = await run(npm, ['run', 'check']);
if (checked !== 0) {
  seeding.kill('SIGTERM');
  await seeded;
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(checked);
}
const ready = await seeded;
console.log(seedLog.trim());
const env = { ...process.env };
if (ready) env.E2E_DATA_DIR = dataDir;
else {
  console.log('The seed ahead failed (above); the browser suite seeds its own demo world.');
  rmSync(dataDir, { recursive: true, force: true });
}
const status = await run(npm, ['run', 'test:e2e'], { env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
