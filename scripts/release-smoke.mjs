// `npm run test:release` (CI, after `npm run build:release`): release/ works on its own. It is
// copied to an empty temporary folder (no checkout, no dev packages around it), and there, on a
// fresh PostgreSQL database: `node migrate.js`, `node admin-create.js` (the compiled tool), then
// `node server.js`; the new admin signs in over HTTP, the web app is served, `ledger-check.js`
// finds the books clean, and a SIGTERM stops the server cleanly. Exits 1 on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `bo_release_${process.pid}`;
const folder = mkdtempSync(path.join(tmpdir(), 'bo-release-'));
const ADMIN = { email: 'ops@release.test', username: 'ops', password: 'Release-Smoke#2026' };

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
const databaseUrl = () => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Runs a release tool to its end in the copied folder; fails the smoke test on a non-zero exit. */
function tool(file, args, env) {
  const run = spawnSync(process.execPath, [file, ...args], {
    cwd: folder,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`${file} exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/**
 * Started on a Node older than `engines.node` (Debian's own `node` where it is older), an
 * entry point exits 1 naming the version it needs, before it loads anything else.
 */
function refusesOlderNode() {
  const older = '/usr/bin/node';
  const probe = spawnSync(older, ['--version'], { encoding: 'utf8' });
  const [major] = (probe.stdout ?? '').replace(/^v/, '').split('.').map(Number);
  if (probe.status !== 0 || !(major < 24)) return console.log(`no Node older than 24 at ${older}`);
  const run = spawnSync(older, ['server.js'], { cwd: folder, encoding: 'utf8' });
  if (run.status !== 1 || !/needs Node\.js 24\.\d+ or newer/.test(run.stderr))
    throw new Error(
      `server.js on ${probe.stdout.trim()} did not name the Node it needs:\n${run.stderr}`,
    );
  console.log(`on Node ${probe.stdout.trim()}: ${run.stderr.trim()}`);
}

async function startServer(env) {
  let output = '';
  const child = spawn(process.execPath, ['server.js'], {
    cwd: folder,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server.js exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server.js did not get ready:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
}

const started = Date.now();
let server;
try {
  cpSync(path.join(root, 'release'), folder, { recursive: true });
  await admin(`CREATE DATABASE ${database}`);
  const env = {
    DATABASE_URL: databaseUrl(),
    // Below the system's ephemeral range (32768 and up), which outgoing connections take from.
    PORT: String(20_000 + Math.floor(Math.random() * 12_000)),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // A release without the demo world refuses to start on the public default secret.
    SANDBOX_SECRET: randomBytes(24).toString('hex'),
    // Nothing of the checkout may be reached: these point nowhere in it.
    INIT_CWD: folder,
    NODE_PATH: '',
  };
  refusesOlderNode();
  console.log(tool('migrate.js', [], env).trim());
  tool('admin-create.js', ['--email', ADMIN.email, '--username', ADMIN.username], {
    ...env,
    ADMIN_PASSWORD: ADMIN.password,
  });
  server = await startServer(env);
  const login = await fetch(`${server.base}/controller/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const answer = await login.json();
  if (login.status !== 200 || !answer.data?.token)
    throw new Error(`the new admin could not sign in: ${login.status} ${JSON.stringify(answer)}`);
  const page = await fetch(`${server.base}/login`);
  if (page.status !== 200 || !(await page.text()).includes('<div id="root">'))
    throw new Error(`the web app is not served: ${page.status}`);
  console.log(tool('ledger-check.js', [], env).trim());
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`server.js exited ${code} on SIGTERM:\n${server.output()}`);
  server = undefined;
  console.log(
    `release smoke: migrated, admin created, signed in, web app served, books clean, stopped cleanly (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  console.error(`release smoke failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  server?.child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
}
