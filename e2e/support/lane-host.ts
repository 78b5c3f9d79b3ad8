/**
 * One lane's browser world for `npm test` (scripts/test.mjs): `tsx e2e/support/lane-host.ts
 * <seeded dir>` starts the suite's world over the folder (suite-world.ts), prints one line
 * `LANE_READY <endpoints as JSON>`, and keeps it running while the lane's browser runs, each
 * given the endpoints as E2E_SUITE, come and go. Its standard input closing (or SIGTERM) stops
 * it: the world stops and the ledger is checked; the exit code says whether the books held.
 */
import { startSuiteWorld } from './suite-world';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lane-host.ts <seeded data dir>');
const world = await startSuiteWorld(dataDir);
console.log(`LANE_READY ${JSON.stringify(world.endpoints)}`);

let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= world.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  ));
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.once('SIGTERM', () => void stop());
