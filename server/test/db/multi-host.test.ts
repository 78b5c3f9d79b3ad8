import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { parseMultiHostUrl } from '../../src/db/multi-host-url';
import { openPostgres } from '../../src/db/postgres';
import { Relay } from '../support/tcp-relay';
import { testDatabaseKind } from '../support/test-db';

/**
 * A DATABASE_URL naming several servers: parsed as libpq writes it, and a pool that follows
 * the writable server when its server goes away (a stopped TCP relay in front of the test
 * PostgreSQL) or answers 25006 read_only_sql_transaction (a session made read-only).
 */
describe('parseMultiHostUrl', () => {
  it('leaves a single-host URL alone', () => {
    expect(parseMultiHostUrl('postgres://u:p@db:5433/bo?sslmode=disable')).toBeNull();
  });

  it('reads every host and port, and drops target_session_attrs from the URL node-postgres gets', () => {
    const parsed = parseMultiHostUrl(
      'postgres://u:secret@h1:5433,h2,[::1]:5435/bo?target_session_attrs=read-write&sslmode=disable',
    )!;
    expect(parsed.hosts).toEqual([
      { host: 'h1', port: 5433 },
      { host: 'h2', port: 5432 },
      { host: '::1', port: 5435 },
    ]);
    expect(parsed.urlFor(parsed.hosts[2]!)).toBe(
      'postgres://u:secret@[::1]:5435/bo?sslmode=disable',
    );
    expect(parsed.urlFor(parsed.hosts[0]!)).toBe('postgres://u:secret@h1:5433/bo?sslmode=disable');
  });

  it('refuses a target other than the writable server, without the password in the message', () => {
    expect(() => parseMultiHostUrl('postgres://u@h1,h2/bo?target_session_attrs=read-only')).toThrow(
      /read-write/,
    );
    expect(() => parseMultiHostUrl('postgres://u:secret@h1,h2:x/bo')).toThrow(/u:\*\*\*@/);
  });
});

const onPostgres = testDatabaseKind() === 'postgres';

describe.runIf(onPostgres)('a pool on several servers', () => {
  const first = new Relay();
  const second = new Relay();
  let db: Db;
  const database = () => new URL(process.env.TEST_DATABASE_URL!).pathname;

  beforeAll(async () => {
    await first.start();
    await second.start();
    db = await openPostgres(
      `postgres://postgres@127.0.0.1:${first.port},127.0.0.1:${second.port}${database()}?target_session_attrs=read-write`,
      1,
    );
  });
  afterAll(async () => {
    await db?.close();
    await first.stop();
    await second.stop();
  });

  it('uses the first writable server, and adds no connection per query', async () => {
    expect(second.connections).toBe(0);
    const before = first.connections;
    for (let i = 0; i < 20; i++) await db.query('SELECT 1');
    expect(first.connections).toBe(before);
  });

  it('drops a connection that answers 25006 and connects again, the next write succeeding', async () => {
    // The pool's one connection becomes read-only, as a primary demoted to standby does.
    await db.query('SET default_transaction_read_only = on');
    const before = first.connections;
    await expect(db.query('CREATE TEMP TABLE t_failover (x int)')).rejects.toMatchObject({
      code: '25006',
    });
    await db.query('CREATE TEMP TABLE t_failover (x int)');
    expect(first.connections).toBeGreaterThan(before);
  });

  it('follows to the other server when its server goes away, without a restart', async () => {
    await first.stop();
    // The pool's connection was cut: at most the first statement fails, with a connection error.
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const { rows } = await db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'));
        expect(rows[0]!.one).toBe(1);
        break;
      } catch (error) {
        failures.push(error);
      }
    }
    expect(failures.length).toBeLessThanOrEqual(1);
    expect(second.connections).toBeGreaterThan(0);
    const { rows } = await db.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    expect(rows[0]!.standby).toBe(false);
  });
});
