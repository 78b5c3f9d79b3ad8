import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { ADMIN_URL } from './bench-db';

/** Clock ticks per second, the unit of /proc/<pid>/stat's utime and stime. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used so far (utime + stime, /proc); null once it has gone. */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL processes working for a benchmark database: its backends (and autovacuum
 * workers), plus the cluster's WAL writer, checkpointer and background writer, which every
 * database's commits feed. Other databases' backends are left out: other work on the machine.
 */
async function postgresPids(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = $1 OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
    [database],
  );
  return rows.map((r) => r.pid);
}

/** CPU seconds per part of a run: the server, PostgreSQL for its database, the load client. */
export interface CpuSplit {
  readonly server: number;
  readonly postgres: number;
  readonly client: number;
}

/**
 * Reads CPU time over a window, per process: `start()` at its beginning, `end()` at its end
 * answers the seconds each part used in between. A PostgreSQL backend started during the
 * window counts whole; one that ended during it is lost (the pools keep theirs open).
 */
export async function cpuMeter(serverPid: number, database: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  let server0 = 0;
  let client0 = process.cpuUsage();
  const pg0 = new Map<number, number>();
  return {
    async start() {
      server0 = processCpuSeconds(serverPid) ?? 0;
      client0 = process.cpuUsage();
      for (const pid of await postgresPids(client, database))
        pg0.set(pid, processCpuSeconds(pid) ?? 0);
    },
    async end(): Promise<CpuSplit> {
      const used = process.cpuUsage(client0);
      const server = (processCpuSeconds(serverPid) ?? server0) - server0;
      let postgres = 0;
      for (const pid of await postgresPids(client, database))
        postgres += (processCpuSeconds(pid) ?? 0) - (pg0.get(pid) ?? 0);
      await client.end();
      return { server, postgres, client: (used.user + used.system) / 1e6 };
    },
  };
}

/** Commits and rollbacks of a database so far (exact once its sessions have closed). */
export async function transactionsOf(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1`,
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
