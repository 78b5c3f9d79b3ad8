// Load with the server (BENCH_SERVER_NODE_ARGS="--import <this file>"): samples the allocations
// that outlive a scavenge (promoted, then collected by a mark-sweep, or still live), which make
// scavenges slow; writes SURVIVORS_DIR (default the working folder)/<pid>.heapprofile on SIGTERM.
// Sum it with `node cpu-profile-summary.mjs --heap <file> <pay-ins>`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 16384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: false,
});
process.once('SIGTERM', async () => {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const dir = process.env.SURVIVORS_DIR ?? process.cwd();
  writeFileSync(path.join(dir, `${process.pid}.heapprofile`), JSON.stringify(profile));
  process.exit(0);
});
