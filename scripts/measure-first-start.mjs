// `npm run measure:first-start`: a first `npm start` on an empty data folder, measured. Prints the
// seconds to the first successful demo sign-in (admin@demo.test) and to a complete demo world
// (/readyz 200), then stops the server and prints the data folder's size.
// PORT (default 3206), DATA_DIR (default a new temporary folder, removed afterwards unless given),
// MEASURE_START=0 to skip the build check (runs `npm run serve`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3206);
const keepDir = Boolean(process.env.DATA_DIR);
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bo-first-start-'));
const base = `http://127.0.0.1:${port}`;
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function sizeOf(p) {
  const stat = statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(p).reduce((sum, name) => sum + sizeOf(path.join(p, name)), 0);
}

async function signInWorks() {
  const form = new FormData();
  form.append('email', 'admin@demo.test');
  form.append('password', 'DemoPass#2026');
  try {
    const response = await fetch(`${base}/controller/admin/login`, { method: 'POST', body: form });
    const body = await response.json();
    return body.status === 200 && Boolean(body.data?.token);
  } catch {
    return false;
  }
}

async function isReady() {
  try {
    return (await fetch(`${base}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

const started = Date.now();
const server = spawn('npm', ['run', process.env.MEASURE_START === '0' ? 'serve' : 'start'], {
  cwd: root,
  detached: true, // its own process group: stopped as a whole below
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const show = (chunk) => {
  for (const line of chunk.toString().split('\n')) {
    const msg = line.startsWith('{') ? JSON.parse(line).msg : line;
    if (msg && !/^npm (warn|notice)/.test(msg)) console.log(`  [${seconds(started)} s] ${msg}`);
  }
};
server.stdout.on('data', show);
server.stderr.on('data', show);
const exited = new Promise((resolve) => server.once('exit', resolve));

let signIn;
let ready;
const deadline = Date.now() + 15 * 60_000;
while (Date.now() < deadline && server.exitCode === null) {
  if (signIn === undefined && (await signInWorks())) {
    signIn = seconds(started);
    console.log(`first successful demo sign-in after ${signIn} s`);
  }
  if (signIn !== undefined && (await isReady())) {
    ready = seconds(started);
    console.log(`demo world complete (/readyz 200) after ${ready} s`);
    break;
  }
  await sleep(250);
}
process.kill(-server.pid, 'SIGTERM');
await exited;
// npm may exit before the server has closed the database: wait for PGlite's lock file to go.
const closing = Date.now() + 60_000;
while (existsSync(path.join(dataDir, 'postmaster.pid')) && Date.now() < closing) await sleep(200);
const megabytes = (sizeOf(dataDir) / 1024 / 1024).toFixed(0);
console.log(`data folder ${dataDir}: ${megabytes} MB`);
console.log(
  JSON.stringify({ signInSeconds: signIn, readySeconds: ready, dataFolderMb: Number(megabytes) }),
);
if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
process.exit(signIn && ready ? 0 : 1);
