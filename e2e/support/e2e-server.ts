import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The browser suite's server: started, awaited and stopped as the suite does it
 * (global-setup.ts), and as `seed-ahead.ts` and `npm run bench:login` reuse it. No test-runner
 * import here, so a script outside the suite can use it.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Short enough for a browser test to watch the dashboard refetch (the product default is 60 s). */
export const LIVE_UPDATE_INTERVAL_MS = 4_000;

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * The suite's server: `tsx server/src/main.ts` on a free port over `dataDir`; `output` answers
 * what it printed so far.
 */
export async function startE2eServer(
  dataDir: string,
  moreEnv: (baseUrl: string) => Record<string, string> = () => ({}),
) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let printed = '';
  const server = spawn(
    process.execPath,
    [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        LIVE_UPDATE_INTERVAL_MS: String(LIVE_UPDATE_INTERVAL_MS),
        ...moreEnv(baseUrl),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return { server, baseUrl, output: () => printed };
}

/**
 * Stops the suite's server: SIGTERM, which tsx hands on to the server's own process (its
 * shutdown has a forced-exit timeout); SIGKILL after `graceMs`, which reaches tsx's process
 * only. Answers whether it stopped by itself.
 */
export async function stopE2eServer(server: ChildProcess, graceMs = 10_000): Promise<boolean> {
  if (server.exitCode !== null || server.signalCode !== null) return true;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  // The grace timer goes once the server is gone: left running, it kept the caller's process
  // (the seed ahead) alive for the whole grace after its work was done.
  let graceTimer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<false>((r) => (graceTimer = setTimeout(() => r(false), graceMs)));
  const stopped = await Promise.race([exited.then(() => true as const), graceOver]);
  clearTimeout(graceTimer);
  if (!stopped) server.kill('SIGKILL');
  return stopped;
}

export async function waitUntilServing(
  url: string,
  server: ChildProcess,
  log: () => string,
  defaultLimitMs = 600_000,
) {
  // A busy shared machine seeds slowly: E2E_SERVER_START_MS gives the first start more time.
  const limit = Number(process.env.E2E_SERVER_START_MS ?? defaultLimitMs);
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      // Ready: migrations applied and the demo world complete (the history is made after listen).
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start within ${limit / 1000} s:\n${log()}`);
}
