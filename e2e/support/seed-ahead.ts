/**
 * Seeds the browser suite's demo world into the folder given (`tsx e2e/support/seed-ahead.ts
 * <dir>`): starts the suite's server on it, waits until /readyz says the world is complete, and
 * stops it. `scripts/test.mjs` runs this beside the unit tests, which leave a core idle, and
 * hands the folder to the browser suite as E2E_DATA_DIR.
 */
import { startE2eServer, stopE2eServer, waitUntilServing } from './e2e-server';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-ahead.ts <data dir>');
const started = Date.now();
const { server, baseUrl, output } = await startE2eServer(dataDir);
// Stopped early (the checks beside it failed): the server goes too, not left seeding alone.
process.once('SIGTERM', () => void stopE2eServer(server).then(() => process.exit(1)));
try {
  await waitUntilServing(baseUrl, server, output);
} finally {
  await stopE2eServer(server, 60_000);
}
console.log(
  `seed-ahead: the demo world was made in ${Math.round((Date.now() - started) / 1000)} s`,
);
