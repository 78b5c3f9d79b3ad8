/** The small database surface the whole server uses; PGlite and node-postgres both provide it. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/**
 * A statement whose text starts with this comment runs as a named prepared statement on
 * PostgreSQL: parsed once per connection and, once PostgreSQL finds a generic plan as good,
 * planned once too. Only for texts the code builds from a fixed set (`runWrites`), never from
 * input: each distinct text stays prepared on every connection.
 */
export const PREPARED = '/* prepared */ ';

export interface Queryable {
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<R>>;
  /** Runs several statements with no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * The database this reads and writes, one object for its pool and every transaction on it:
   * what a cache kept per database is keyed by (`databaseKeyOf`), since a transaction's own
   * object is new each time.
   */
  readonly identity?: object;
  /** Set on a transaction's object: a failed statement aborts the whole transaction. */
  readonly inTransaction?: boolean;
}

/** The key of a per-database cache for `db`, a pool or a transaction of it. */
export const databaseKeyOf = (db: Queryable): object => db.identity ?? db;

/**
 * Runs `read` so that its failure leaves `db` usable, and answers `orElse(error)` then. In a
 * transaction (where PostgreSQL aborts everything after a failed statement) the read runs
 * behind a savepoint, taken only when `read` first queries: a read answered from memory costs
 * no statement. For reads a caller can do without (routing's profiles, issue 43).
 */
export async function readOrElse<T>(
  db: Queryable,
  read: (db: Queryable) => Promise<T>,
  orElse: (error: unknown) => T,
): Promise<T> {
  let savepoint: Promise<unknown> | undefined;
  const open = () => (db.inTransaction ? (savepoint ??= db.query('SAVEPOINT read_or_else')) : null);
  const guarded: Queryable = {
    identity: databaseKeyOf(db),
    inTransaction: db.inTransaction,
    async query(text, params) {
      await open();
      return db.query(text, params);
    },
    async exec(sql) {
      await open();
      return db.exec(sql);
    },
  };
  try {
    const answer = await read(guarded);
    if (savepoint) await db.query('RELEASE SAVEPOINT read_or_else');
    return answer;
  } catch (error) {
    if (savepoint) await db.query('ROLLBACK TO SAVEPOINT read_or_else');
    return orElse(error);
  }
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction. Deadlocks and serialization failures roll back and run
   * `work` again, a bounded number of times; `work` must therefore not have outside effects.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Loads rows into `target` (`table (column, …)`, written by the code, never from input) with
   * one `COPY … FROM STDIN` (PGlite: from `/dev/blob`): `data` is COPY's text format, a row a
   * line, a tab between values, `\N` for null, each text value written by `copyText`. Outside
   * any transaction (it commits on its own). Far cheaper for the server than inserting the same
   * rows: no plan, no parameters, no arrays to take apart.
   */
  copyFrom(target: string, data: string): Promise<void>;
  /**
   * The rows of one query, `batch` at a time, in one pass through a server-side cursor, on a
   * connection of its own in a read-only transaction (one snapshot): a huge result streams
   * with flat memory. PostgreSQL only: PGlite has one connection, which an export must not
   * hold, so callers there read in keyset chunks instead.
   */
  readonly readInBatches?: <R>(
    text: string,
    params: readonly unknown[],
    batch: number,
  ) => AsyncGenerator<R[]>;
  /**
   * The read replica's pool (DATABASE_READ_URL, PostgreSQL only), which lists, reports and
   * dashboards read from (`readerOf`); absent, they read here. Closed with this database.
   */
  readonly replica?: Db;
  /**
   * On a read replica that falls back to the primary (`db/read-replica.ts`): how many times it
   * could not be reached, whether its reads go to the primary now, and the replica itself,
   * where its state is read (never through the fallback). `/readyz` and `/metrics` show them.
   */
  readonly fallback?: {
    readonly count: () => number;
    readonly isOnPrimary: () => boolean;
    readonly replica: Db;
  };
  /** How the connection pool is used now (PostgreSQL; `/metrics`). */
  readonly poolUse?: () => PoolUse;
  close(): Promise<void>;
}

/** A connection pool's connections: open (idle included), idle, and callers waiting for one. */
export interface PoolUse {
  readonly open: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * The database to read from for what may lag a change just made (lists, reports,
 * dashboards): the read replica when one is configured, else `db` itself.
 */
export const readerOf = (db: Db): Db => db.replica ?? db;

/** SQLSTATEs worth retrying: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
export const MAX_TRANSACTION_ATTEMPTS = 5;

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Node's socket errors that mean the server is not there. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether an error says the database cannot be reached (rather than that the statement failed):
 * a refused or broken socket, SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down,
 * crashed, not accepting connections yet), or node-postgres's words for a connection it lost.
 */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** Runs `attempt` until it succeeds or fails with a non-retryable error, backing off briefly. */
export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || n >= MAX_TRANSACTION_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** n));
    }
  }
}

/** Whether a database error is a violation of the named constraint (PGlite may name it only in the message). */
export function violatesConstraint(error: unknown, name: string): boolean {
  const e = error as { constraint?: unknown; message?: unknown } | null;
  return (
    e?.constraint === name || (typeof e?.message === 'string' && e.message.includes(`"${name}"`))
  );
}

const COPY_SPECIALS = /[\\\t\n\r]/;
const COPY_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/** A text value as COPY's text format writes it: backslash, tab, newline and return escaped. */
export function copyText(value: string): string {
  return COPY_SPECIALS.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
