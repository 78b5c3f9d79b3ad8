import pg from 'pg';
import type { MultiHostUrl, PostgresHost } from './multi-host-url';
import { isUnreachable } from './read-replica';

/** How long a connection waits for a primary to appear (a failover takes 15–30 s). */
const SEARCH_MS = 10_000;
/** How long one server may take to answer a probe: a server that hangs is skipped, not awaited. */
const PROBE_TIMEOUT_MS = 2_000;
const ROUND_PAUSE_MS = 250;

/**
 * Whether an error means the connection's server may no longer be the primary: it cannot be
 * reached (`isUnreachable`: refused, cut, SQLSTATE 08, 57P01–57P03) or it refused a write
 * (25006 read_only_sql_transaction: it is a standby now).
 */
export function isFailoverError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '25006' || isUnreachable(error);
}

/** Which of several servers is the primary now; asked at connect time only. */
export interface PrimaryFinder {
  /** The primary: the one found before, else the first server that is writable. */
  current(): Promise<PostgresHost>;
  /** Forgets the primary after a failover error, so the next connection searches again. */
  markStale(): void;
  /** How many searches ran (a search is a failover, or the start). */
  searches(): number;
}

/** Whether `host` takes writes: not a standby, and not a session that is read-only anyway. */
async function isWritable(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ writable: boolean }>(
      `SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable`,
    );
    return rows[0]?.writable === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A `PrimaryFinder` over the servers of `url`. A search probes the servers in
 * order, round after round, until one is writable or SEARCH_MS has passed; the connections
 * that need a primary meanwhile share that one search.
 */
export function createPrimaryFinder({ hosts, urlFor }: MultiHostUrl): PrimaryFinder {
  let primary: PostgresHost | null = null;
  let search: Promise<PostgresHost> | null = null;
  let count = 0;
  const find = async (): Promise<PostgresHost> => {
    count++;
    const deadline = Date.now() + SEARCH_MS;
    for (;;) {
      for (const host of hosts) if (await isWritable(urlFor(host))) return host;
      if (Date.now() >= deadline)
        throw Object.assign(
          new Error(
            `no writable PostgreSQL among ${hosts.map((h) => `${h.host}:${h.port}`).join(', ')}`,
          ),
          { code: '08001' },
        );
      await new Promise((r) => setTimeout(r, ROUND_PAUSE_MS));
    }
  };
  return {
    current() {
      if (primary) return Promise.resolve(primary);
      search ??= find()
        .then((found) => (primary = found))
        .finally(() => (search = null));
      return search;
    },
    markStale() {
      primary = null;
    },
    searches: () => count,
  };
}

/**
 * A node-postgres Client class whose every connection goes to the primary `finder` names, for
 * `pg.Pool`'s `Client` option: the pool keeps its connections, and only a new one asks.
 */
export function clientForPrimary(finder: PrimaryFinder): typeof pg.Client {
  return class PrimaryClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A cut connection also fails its queries, which is where the failover is handled; the
      // event itself, with no listener while the client is checked out, would end the process.
      this.on('error', () => finder.markStale());
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
    override connect(
      callback?: (err: Error | null, client?: pg.Client) => void,
    ): Promise<pg.Client> | void {
      const connected = finder.current().then(async (found) => {
        // pg reads the server from these when it opens the socket, so they are set before.
        type Writable = { -readonly [K in keyof PostgresHost]: PostgresHost[K] };
        const self = this as unknown as { connectionParameters: Writable } & Writable;
        self.host = self.connectionParameters.host = found.host;
        self.port = self.connectionParameters.port = found.port;
        try {
          return await super.connect();
        } catch (error) {
          if (isFailoverError(error)) finder.markStale();
          throw error;
        }
      });
      if (!callback) return connected;
      connected.then(
        (client) => callback(null, client),
        (error: Error) => callback(error),
      );
    }
  };
}
