import pg from 'pg';
import type { MultiHostUrl, PostgresHost } from './multi-host-url';
import { isUnreachable } from './db';

/**
 * How long one search for the primary may take: the connections that need one meanwhile wait
 * for it, so this bounds how long a request waits before it is answered "unavailable".
 */
const SEARCH_MS = 2_000;
/**
 * How long one server may take to connect, and then to answer the probe's query: a server that
 * hangs is skipped, not awaited, so a search ends within SEARCH_MS plus one round.
 */
const PROBE_TIMEOUT_MS = 1_000;
const ROUND_PAUSE_MS = 250;
/** What a client is told to wait before trying again while no primary is found (`Retry-After`). */
export const NO_PRIMARY_RETRY_AFTER_SECONDS = 5;

/**
 * No server of a multi-host DATABASE_URL takes writes now (a failover under way, or all down).
 * SQLSTATE 08001 (could not connect), so it is also `isUnreachable`.
 */
export class NoPrimaryError extends Error {
  readonly code = '08001';
  constructor(hosts: readonly PostgresHost[]) {
    super(`no writable PostgreSQL among ${hosts.map((h) => `${h.host}:${h.port}`).join(', ')}`);
    this.name = 'NoPrimaryError';
  }
}

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
  /**
   * The primary: the one found before, else the first server found writable by a search (at
   * most SEARCH_MS, shared by every caller meanwhile). After a search found none, it fails at
   * once with `NoPrimaryError` (and searches again in the background) until one is found.
   */
  current(): Promise<PostgresHost>;
  /** False from a search that found no primary until one that finds it: callers need not queue. */
  available(): boolean;
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
    query_timeout: PROBE_TIMEOUT_MS,
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
 * A `PrimaryFinder` over the servers of `url`. A search probes the servers in order, round
 * after round, until one is writable or SEARCH_MS has passed; the connections that need a
 * primary meanwhile share that one search. While the last search found none, callers are
 * refused at once (a request answers 503 instead of queueing behind searches) and each call
 * starts the next search if none is running, so the new primary is found as soon as it is up.
 */
export function createPrimaryFinder({ hosts, urlFor }: MultiHostUrl): PrimaryFinder {
  let primary: PostgresHost | null = null;
  let search: Promise<PostgresHost> | null = null;
  let none = false;
  let count = 0;
  const find = async (): Promise<PostgresHost> => {
    count++;
    const deadline = Date.now() + SEARCH_MS;
    for (;;) {
      for (const host of hosts) if (await isWritable(urlFor(host))) return host;
      if (Date.now() >= deadline) throw new NoPrimaryError(hosts);
      await new Promise((r) => setTimeout(r, ROUND_PAUSE_MS));
    }
  };
  return {
    current() {
      if (primary) return Promise.resolve(primary);
      search ??= find()
        .then(
          (found) => ((none = false), (primary = found)),
          (error: unknown) => {
            none = true;
            throw error;
          },
        )
        .finally(() => (search = null));
      if (!none) return search;
      search.catch(() => undefined);
      return Promise.reject(new NoPrimaryError(hosts));
    },
    available: () => !none,
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
