/**
 * Report figures are written in 30-minute UTC buckets: every zone of the spec's time zone list
 * (UTC and the country zones, India at +05:30) starts its days on such a bucket, so buckets fold
 * into days of any of them exactly.
 */
export const HALF_HOUR_MS = 1_800_000;

const bucketNames = new Map<number, string>();

/** The start of the 30-minute UTC bucket holding `at`, as ISO text (cached: batches repeat a few). */
export function halfHourOf(at: Date): string {
  const n = Math.floor(at.getTime() / HALF_HOUR_MS);
  let name = bucketNames.get(n);
  if (!name) {
    name = new Date(n * HALF_HOUR_MS).toISOString();
    if (bucketNames.size > 10_000) bucketNames.clear();
    bucketNames.set(n, name);
  }
  return name;
}
