/**
 * Seeds the browser suite's demo world into the folder given (`tsx e2e/support/seed-ahead.ts
 * <dir>`): starts the suite's server on it, waits until /readyz says the world is complete, and
 * stops it. `scripts/test.mjs` runs this on its second lane, beside the checks and unit tests of
 * the first, and hands the folder (and a copy) to the browser runs as E2E_DATA_DIR.
 */
import { startE2eServer, stopE2eServer, waitUntilServing } from './e2e-server';

/** How long the seed may take before it is given up on (E2E_SERVER_START_MS overrides it). */
const SEED_LIMIT_MS = 30 * 60_000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-ahead.ts <data dir>');
const started = Date.now();
const { server, baseUrl, output } = await startE2eServer(dataDir);
// Stopped early (the checks beside it failed): the server goes too, not left seeding alone.
process.once('SIGTERM', () => void stopE2eServer(server).then(() => process.exit(1)));
try {
  // Waits longer than a browser run's own start would: a seed given up on is made again from
  // the start by the browser run (`scripts/test.mjs`), which is never sooner on a busy machine.
  await waitUntilServing(baseUrl, server, output, SEED_LIMIT_MS);
} finally {
  await stopE2eServer(server, 60_000);
}
console.log(
  `seed-ahead: the demo world was made in ${Math.round((Date.now() - started) / 1000)} s`,
);
