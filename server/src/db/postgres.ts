import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import pg from 'pg';
import { withArrayLiterals } from './array-literal';
import { PREPARED, withRetries, type Db, type Queryable } from './db';
import { parseMultiHostUrl } from './multi-host-url';
import {
  clientForPrimary,
  createPrimaryFinder,
  isFailoverError,
  NoPrimaryError,
  type PrimaryFinder,
} from './primary-finder';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const TIMESTAMPTZ_OID = 1184;

const parseTimestamptzText = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (
  value: string,
) => unknown;
const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const number2 = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/**
 * A timestamptz as a Date, exactly as pg's own parser makes it, about three times faster for
 * what a UTC session writes, `YYYY-MM-DD HH:MM:SS[.ffffff]+00` (an export reads millions): the
 * fields are read by position, the fraction as pg reads it (1000 × its value, cut to whole
 * milliseconds by Date.UTC). Anything else (another offset, BC, a year before 100 or past 9999,
 * infinity) goes to pg's parser.
 */
export function parseTimestamptz(text: string): unknown {
  const n = text.length;
  if (
    n >= 22 &&
    text.charCodeAt(n - 3) === 43 && // +
    text.charCodeAt(n - 2) === 48 && // 0
    text.charCodeAt(n - 1) === 48 && // 0
    text.charCodeAt(4) === 45 && // -
    text.charCodeAt(7) === 45 && // -
    text.charCodeAt(10) === 32 && // space
    text.charCodeAt(13) === 58 && // :
    text.charCodeAt(16) === 58 && // :
    (n === 22 || text.charCodeAt(19) === 46) // . of the fraction
  ) {
    const year = number2(text, 0) * 100 + number2(text, 2);
    if (year >= 100)
      return new Date(
        Date.UTC(
          year,
          number2(text, 5) - 1,
          number2(text, 8),
          number2(text, 11),
          number2(text, 14),
          number2(text, 17),
          n > 22 ? 1000 * Number(text.slice(19, n - 3)) : 0,
        ),
      );
  }
  return parseTimestamptzText(text);
}

/** int8 arrives as bigint and numeric as text, never as a lossy number. */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => BigInt(value);
    if (oid === NUMERIC_OID) return (value: string) => value;
    if (oid === TIMESTAMPTZ_OID && format !== 'binary') return parseTimestamptz;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Most statements prepared by name (`PREPARED`); past it, the rest run unnamed. */
const MAX_PREPARED = 1000;
const preparedNames = new Map<string, string>();

/** The prepared statement's name for `text` (one per distinct text, the same on every connection). */
function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < MAX_PREPARED) {
    name = `bo_${preparedNames.size}`;
    preparedNames.set(text, name);
  }
  return name;
}

function wrap(target: Pick<pg.Pool, 'query'>, identity: object, inTransaction = false): Queryable {
  return {
    identity,
    inTransaction,
    async query<R>(text: string, params: readonly unknown[] = []) {
      const name = text.startsWith(PREPARED) ? preparedName(text) : undefined;
      const values = withArrayLiterals(params);
      const result = await (name
        ? target.query({ name, text, values })
        : target.query(text, values));
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/**
 * A transaction's connection, taking its statements one after another: a caller may send two
 * at once (`Promise.all` over a transaction), which node-postgres only queues today and pg@9
 * will refuse ("client is already executing a query"). Each statement waits for the one
 * before it to settle.
 */
function oneAtATime(client: pg.PoolClient): Pick<pg.Pool, 'query'> {
  let tail: Promise<unknown> = Promise.resolve();
  const query = (text: string | pg.QueryConfig, values?: unknown[]) => {
    const sent = tail.then(() => client.query(text, values));
    tail = sent.catch(() => undefined);
    return sent;
  };
  return { query: query as pg.Pool['query'] };
}

/**
 * One `COPY … FROM STDIN` on `client` with all its data at hand (`pg-copy-streams`, the copy
 * protocol's stream for node-postgres): resolves once the server has taken every row, rejects
 * with the server's error (the copy then changed nothing).
 */
function copyIn(client: pg.PoolClient, text: string, data: string): Promise<void> {
  return pipeline(Readable.from([data]), client.query(copyFrom(text)));
}

/** How a pool hands out connections, and what it does with one whose statement failed. */
interface Connections {
  connect(): Promise<pg.PoolClient>;
  /** Gives the connection back; `error` (the statement's) may make the pool drop it. */
  release(client: pg.PoolClient, error?: unknown): void;
  /** The pool's own `query` (one host), or connect, query, release (several hosts). */
  query: pg.Pool['query'];
}

/** One server: the pool as node-postgres makes it, nothing added on the way of a query. */
const singleHost = (pool: pg.Pool): Connections => ({
  connect: () => pool.connect(),
  release: (client) => client.release(),
  query: pool.query.bind(pool) as pg.Pool['query'],
});

/**
 * Several servers (`multi-host-url.ts`): each new connection goes to the primary the finder
 * names. A failover error (`isFailoverError`) drops the connection and makes the next one
 * search again; a connection refused by a primary that just went away is tried once more, as
 * nothing was sent on it. While the finder knows of no primary, a caller is refused at once
 * (`NoPrimaryError`) instead of waiting in the pool's queue. Between connects a query costs
 * nothing more than on one server.
 */
function followingPrimary(pool: pg.Pool, finder: PrimaryFinder): Connections {
  const release = (client: pg.PoolClient, error?: unknown) => {
    if (error && isFailoverError(error)) {
      finder.markStale();
      client.release(error instanceof Error ? error : true);
    } else client.release();
  };
  const connect = async () => {
    // Refused at once, and a search started, unless a primary was found meanwhile.
    if (!finder.available()) await finder.current();
    try {
      return await pool.connect();
    } catch (error) {
      if (!isFailoverError(error) || error instanceof NoPrimaryError) throw error;
      return pool.connect();
    }
  };
  const query = async (text: string | pg.QueryConfig, params?: unknown[]) => {
    const client = await connect();
    try {
      const result = await client.query(text, params);
      release(client);
      return result;
    } catch (error) {
      release(client, error);
      throw error;
    }
  };
  return { connect, release, query: query as pg.Pool['query'] };
}

/** How long a server starting during a failover waits for a primary before it gives up. */
const START_WAIT_MS = 30_000;

/** The first connection, waiting up to START_WAIT_MS while no primary is found. */
async function firstConnection(connections: Connections): Promise<pg.PoolClient> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      return await connections.connect();
    } catch (error) {
      if (!(error instanceof NoPrimaryError) || Date.now() >= deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * Connects a pool to a real PostgreSQL server; with a multi-host URL
 * (`host1:5433,host2:5434`), to whichever of them is the primary, following it on failover.
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Db> {
  const multiHost = parseMultiHostUrl(url);
  const finder = multiHost && createPrimaryFinder(multiHost);
  const pool = new pg.Pool({
    connectionString: multiHost ? multiHost.urlFor(multiHost.hosts[0]!) : url,
    max: poolSize,
    types: typeParsers,
    ...(finder ? { Client: clientForPrimary(finder) } : {}),
  });
  const lost = (error: Error) => {
    // A client lost its connection; the pool replaces it on next use (on the primary found
    // again, if its server went away).
    if (finder && isFailoverError(error)) finder.markStale();
  };
  pool.on('error', lost);
  // A client in use loses its connection too (a restart, a cut or reset network): its queries
  // fail and their callers see it, but node-postgres also emits 'error' on the client, and the
  // pool listens only while the client is idle. Unheard, that event would end the process.
  pool.on('connect', (client) => client.on('error', lost));
  const connections = finder ? followingPrimary(pool, finder) : singleHost(pool);
  const client = await firstConnection(connections);
  client.release();
  return {
    kind: 'postgres',
    ...wrap(connections, connections),
    transaction: (work) =>
      withRetries(async () => {
        const client = await connections.connect();
        let failure: unknown;
        try {
          await client.query('BEGIN');
          const result = await work(wrap(oneAtATime(client), connections, true));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          failure = error;
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          connections.release(client, failure);
        }
      }),
    copyFrom: async (target, data) => {
      const client = await connections.connect();
      let failure: unknown;
      try {
        await copyIn(client, `COPY ${target} FROM STDIN`, data);
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        connections.release(client, failure);
      }
    },
    readInBatches: <R>(text: string, params: readonly unknown[], batch: number) =>
      readInBatches<R>(connections, text, params, batch),
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * The most rows one FETCH reads, whatever `batch` asks: an export's rows must die young. What
 * is still alive at two young collections V8 moves to the old generation, and an allocation
 * site whose objects keep surviving gets its objects allocated there directly; garbage there
 * waits for a full collection, which V8 runs only once the old generation has grown to several
 * times what is live. Rows read 2,000 at a time lived that long (with the text, dates and cells
 * made from them): a million-row export put about 1.3 GB of dead rows through the old
 * generation, whose peaks raised the server's memory by 120–170 MB. 250 rows die young.
 */
const CURSOR_FETCH_ROWS = 250;

/**
 * `Db.readInBatches` on PostgreSQL: DECLARE … CURSOR, then FETCH up to `batch` rows at a time
 * (at most CURSOR_FETCH_ROWS), each FETCH's rows yielded as one array.
 */
async function* readInBatches<R>(
  connections: Connections,
  text: string,
  params: readonly unknown[],
  batch: number,
): AsyncGenerator<R[]> {
  const size = Math.max(1, Math.min(Math.trunc(batch), CURSOR_FETCH_ROWS));
  const client = await connections.connect();
  let done = false;
  let failure: unknown;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE batches NO SCROLL CURSOR FOR ${text}`, params as unknown[]);
    for (;;) {
      const result = await client.query(`FETCH ${size} FROM batches`);
      // pg collects each result's rows in an array made at one place in its code, which V8
      // soon allocates in the old generation (allocation-site pretenuring): left as it is, it
      // would keep the rows it held, dead, until a full collection. The rows move to an array
      // of our own and pg's is emptied at once.
      const rows = result.rows.slice() as R[];
      result.rows.length = 0;
      if (rows.length) yield rows;
      if (rows.length < size) break;
    }
    await client.query('COMMIT');
    done = true;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // Also when the reader stops early (a cut export, a closed download): end the transaction.
    if (!done) await client.query('ROLLBACK').catch(() => undefined);
    connections.release(client, failure);
  }
}
