import pg from 'pg';
import type { MonitorEvent } from './failover-cluster';
import type { SentPayin } from './failover-load';

const POLL_MS = 100;

/**
 * Polls the server at `url` every POLL_MS until it takes writes as the product's primary
 * search judges it (not in recovery, and sessions not read-only: pg_auto_failover promotes the
 * standby in stop_replication but keeps it read-only until wait_primary); `stop` ends the
 * polling and answers when it first did (`performance.now()`), if it did.
 */
export function watchWritable(url: string): {
  stop(): Promise<{ promotedAt?: number; writableAt?: number }>;
} {
  let promotedAt: number | undefined;
  let writableAt: number | undefined;
  let stopped = false;
  const poll = async () => {
    while (!stopped && writableAt === undefined) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ promoted: boolean; writable: boolean }>(
          `SELECT NOT pg_is_in_recovery() AS promoted,
                  NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable`,
        );
        if (rows[0]?.promoted) promotedAt ??= performance.now();
        if (rows[0]?.writable) writableAt = performance.now();
      } catch {
        // down or not accepting connections yet
      } finally {
        await client.end().catch(() => undefined);
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  const polling = poll();
  return {
    async stop() {
      stopped = true;
      await polling;
      return { promotedAt, writableAt };
    },
  };
}

const ok = (p: SentPayin) => p.status >= 200 && p.status < 300;
const seconds = (ms: number) => `+${(ms / 1000).toFixed(1).padStart(5)} s`;

/**
 * Prints, in seconds after the kill, what the monitor decided (its events), when the new
 * primary first took writes (the bench's own probe) and how the product answered meanwhile.
 */
export function printTimeline({
  events,
  killedWall,
  killedAt,
  promotedAt,
  writableAt,
  payins,
}: {
  events: readonly MonitorEvent[];
  killedWall: Date;
  killedAt: number;
  promotedAt: number | undefined;
  writableAt: number | undefined;
  payins: readonly SentPayin[];
}): void {
  const lines: [number, string][] = events.map((e) => [
    e.at.getTime() - killedWall.getTime(),
    `monitor  ${e.node}: ${e.reportedState} -> ${e.goalState}  ${e.description.slice(0, 110)}`,
  ]);
  if (promotedAt !== undefined)
    lines.push([promotedAt - killedAt, 'bench    the other node is out of recovery (probe)']);
  if (writableAt !== undefined)
    lines.push([
      writableAt - killedAt,
      'bench    the other node takes writes: not read-only (probe)',
    ]);
  const after = payins.filter((p) => p.answeredAt > killedAt);
  const firstOf = (what: string, pick: (p: SentPayin) => boolean) => {
    const found = after.filter(pick).sort((a, b) => a.answeredAt - b.answeredAt)[0];
    if (found) lines.push([found.answeredAt - killedAt, `product  ${what}`]);
  };
  firstOf('first pay-in not answered 2xx', (p) => !ok(p));
  firstOf('first pay-in answered 503', (p) => p.status === 503);
  firstOf('first 2xx of a pay-in sent after the kill', (p) => ok(p) && p.sentAt > killedAt);
  const failed = after.filter((p) => !ok(p)).sort((a, b) => b.answeredAt - a.answeredAt)[0];
  if (failed) lines.push([failed.answeredAt - killedAt, 'product  last pay-in not answered 2xx']);
  console.log('timeline after the kill:');
  for (const [ms, text] of lines.sort((a, b) => a[0] - b[0]))
    console.log(`  ${seconds(ms)}  ${text}`);
}
