import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A server process (`server/src/main.ts`) a test started, with everything it has logged. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  output(): string;
  /** SIGTERM, then resolves with the exit code once it has stopped. */
  stop(): Promise<number | null>;
}

/**
 * Starts `server/src/main.ts` as its own process on a free-looking port with `env` (the
 * database's among them) and resolves once `/readyz` answers 200 (within `startMs`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  startMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    // One process (tsx as a loader, not its CLI, which would stand between us and the server).
    ['--import', 'tsx', 'server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // Load from one key far past the default per-key rate limit (its own test's subject).
        API_RATE_LIMIT_PER_SECOND: '1000000',
        API_RATE_LIMIT_BURST: '1000000',
        WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
        // A server without the demo world refuses the public default secret.
        SANDBOX_SECRET: 'server-process-sandbox-secret',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server was not ready within ${startMs} ms:\n${output}`);
    }
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready)
      return {
        child,
        base,
        output: () => output,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The lines a server logged at error level or worse (pino's JSON: level 50 and up). */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    const level = /^\{"level":(\d+)/.exec(line)?.[1];
    return level !== undefined && Number(level) >= 50;
  });
}
