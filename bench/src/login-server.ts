import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startE2eServer, stopE2eServer, waitUntilServing } from '../../e2e/support/e2e-server';
import { BENCH_SANDBOX_SECRET } from './bench-secret';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The real server, started as the browser suite starts it (production mode, a free port), over
 * a new, empty embedded database without the demo world, serving the built web app; `stop` ends
 * it and removes the data.
 */
export async function startServerForPages(): Promise<{
  baseUrl: string;
  stop: () => Promise<void>;
}> {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-login-'));
  const { server, baseUrl, output } = await startE2eServer(dataDir, () => ({
    NO_SEED_DEMO: '1',
    // A server without the demo world refuses the public default secret.
    SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
  }));
  const stop = async () => {
    await stopE2eServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(baseUrl, server, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
