import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { copyText, isRetryable, withRetries } from '../../src/db/db';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

let db: Db;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe(`database (${testDatabaseKind()})`, () => {
  it('is the database this project of the suite asked for', () => {
    expect(db.kind).toBe(testDatabaseKind());
  });

  it.runIf(testDatabaseKind() === 'pglite')(
    "runs the embedded database with the product's start settings, copied from the template",
    async () => {
      // `new PGlite(undefined, options)` once dropped the options of every in-memory database.
      const { rows } = await db.query<{ full_page_writes: string }>('SHOW full_page_writes');
      expect(rows[0]!.full_page_writes).toBe('off');
      const migrated = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM schema_migrations');
      expect(migrated.rows[0]!.n).toBeGreaterThan(0n);
    },
  );

  it('reads int8 as bigint and numeric as text, exactly', async () => {
    const { rows } = await db.query<{ big: bigint; n: bigint; num: string }>(
      `SELECT 9223372036854775807::int8 AS big, count(*) AS n, 12345678901234567890.123456789::numeric AS num FROM (VALUES (1)) v`,
    );
    expect(rows[0]).toEqual({
      big: 9223372036854775807n,
      n: 1n,
      num: '12345678901234567890.123456789',
    });
  });

  it('reads int8 as bigint inside transactions too', async () => {
    const value = await db.transaction(
      async (tx) => (await tx.query<{ v: bigint }>('SELECT 2::int8 AS v')).rows[0]!.v,
    );
    expect(value).toBe(2n);
  });

  it('takes bigint parameters', async () => {
    const { rows } = await db.query<{ v: bigint }>('SELECT $1::int8 + 1 AS v', [9007199254740993n]);
    expect(rows[0]!.v).toBe(9007199254740994n);
  });

  it('rolls a failed transaction back whole', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (v int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM tx_probe');
    expect(rows[0]!.n).toBe(0n);
  });

  it('runs a transaction again after a serialization failure, within a bound', async () => {
    let attempts = 0;
    const result = await db.transaction(async (tx) => {
      attempts++;
      if (attempts < 3) {
        // A real serialization failure raised by the database itself.
        await tx.query(`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$`);
      }
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
  });

  it('gives up after the bound and does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      withRetries(async () => {
        attempts++;
        throw Object.assign(new Error('deadlock'), { code: '40P01' });
      }),
    ).rejects.toThrow('deadlock');
    expect(attempts).toBe(5);
    expect(isRetryable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });

  it('loads rows with COPY, text written as it is whatever it holds', async () => {
    const texts = ['plain', 'tab\there', 'line\nbreak\r', 'back\\slash', '\\.', '\\N', 'ผ่าน €'];
    // Not a temporary table: on PostgreSQL the COPY may take another connection of the pool.
    await db.query('CREATE TABLE copied (n integer, t text, b bigint)');
    try {
      const data = texts.map((t, i) => `${i}\t${copyText(t)}\t${i === 1 ? '\\N' : 2n ** 62n}\n`);
      await db.copyFrom('copied (n, t, b)', data.join(''));
      const { rows } = await db.query<{ n: number; t: string; b: bigint | null }>(
        'SELECT n, t, b FROM copied ORDER BY n',
      );
      expect(rows).toEqual(texts.map((t, n) => ({ n, t, b: n === 1 ? null : 2n ** 62n })));
      // A row that does not read refuses the whole COPY, and the database goes on.
      await expect(db.copyFrom('copied (n, t, b)', '9\tx\tnot a number\n')).rejects.toThrow();
      const { rows: after } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM copied');
      expect(after[0]!.n).toBe(BigInt(texts.length));
    } finally {
      await db.query('DROP TABLE copied');
    }
  });

  it('applies migrations once: a second run applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows[0]!.version).toBe('0001_accounts_and_security');
  });

  it('records each migration checksum and refuses to start on one edited after it was applied', async () => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL',
    );
    expect(rows[0]!.n).toBe(0);
    // A database migrated before checksums were kept has them recorded on the next start.
    await db.query(`UPDATE schema_migrations SET checksum = NULL WHERE version LIKE '00%'`);
    expect(await migrate(db)).toEqual([]);
    const filled = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL',
    );
    expect(filled.rows[0]!.n).toBe(0);

    const edited = await mkdtemp(path.join(tmpdir(), 'bo-migrations-'));
    try {
      await cp(MIGRATIONS_DIR, edited, { recursive: true });
      const first = (await readdir(edited)).sort()[0]!;
      await writeFile(path.join(edited, first), '-- edited after it ran\nSELECT 1;');
      // A migration that was never applied beside it is not applied either: start-up stops first.
      await writeFile(path.join(edited, '9999_never.sql'), 'CREATE TABLE never_made (id int);');
      await expect(migrate(db, edited)).rejects.toThrow(
        /^Migration 0001_accounts_and_security changed after it was applied to this database/,
      );
      const never = await db.query(`SELECT 1 FROM schema_migrations WHERE version = '9999_never'`);
      expect(never.rows).toEqual([]);
    } finally {
      await rm(edited, { recursive: true, force: true });
    }
  });

  it('refuses to change or delete admin-log rows', async () => {
    await db.query(`INSERT INTO admin_logs (action, outcome) VALUES ('probe', 'success')`);
    await expect(
      db.query(`UPDATE admin_logs SET action = 'x' WHERE action = 'probe'`),
    ).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM admin_logs WHERE action = 'probe'`)).rejects.toThrow(
      /append-only/,
    );
  });
});
