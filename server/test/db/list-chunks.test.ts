import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import type { Actor } from '../../src/core/context';
import { defineScopedList } from '../../src/modules/scoped-lists/list-query';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/**
 * The export's keyset chunks on timestamps finer than a JavaScript Date: rows created within
 * one millisecond, apart by microseconds, must neither be skipped nor repeated at a boundary.
 */
let db: Db;
const ids: string[] = [];
beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec(`CREATE TABLE lc_rows (
    id uuid PRIMARY KEY, currency text NOT NULL, amount bigint NOT NULL, status text NOT NULL,
    created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
  for (let i = 0; i < 9; i++) ids.push(randomUUID());
  await db.query(
    `INSERT INTO lc_rows
     SELECT id, 'THB', 100, 'created', t, t
       FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, k),
            LATERAL (SELECT timestamptz '2026-11-24 07:00:00.000+00' + k * interval '1 microsecond') AS z(t)`,
    [ids],
  );
});
afterAll(() => db.close());

const admin: Actor = {
  accountId: randomUUID(),
  sessionId: randomUUID(),
  username: 'admin',
  email: 'admin@demo.test',
  accountType: 'admin',
  modules: [],
  scopeAccountId: randomUUID(),
  isSubAccount: false,
};

const list = defineScopedList<{ id: string }>({
  from: 'FROM lc_rows c',
  columns: 'c.id',
  alias: 'c',
  scope: {},
  codes: {},
  search: { ids: ['c.id'], texts: [] },
  sorts: { created_at: 'c.created_at', amount: 'c.amount' },
  defaultSort: 'created_at',
});

describe(`keyset chunks on microseconds (${testDatabaseKind()})`, () => {
  it.each(['desc', 'asc'] as const)(
    'yield every row once, %s, two at a time',
    async (direction) => {
      const seen: string[] = [];
      for await (const rows of list.chunks(db, admin, { page: 1, pageSize: 25, direction }, [], 2))
        seen.push(...rows.map((r) => r.id));
      // Inserted one microsecond apart in `ids` order: the newest is the last id.
      expect(seen).toEqual(direction === 'desc' ? [...ids].reverse() : ids);
    },
  );

  it('and on a sort whose values all tie, by id alone', async () => {
    const seen: string[] = [];
    const input = { page: 1, pageSize: 25, sort: 'amount', direction: 'asc' } as const;
    for await (const rows of list.chunks(db, admin, input, [], 4))
      seen.push(...rows.map((r) => r.id));
    expect(seen).toEqual([...ids].sort());
  });

  it('let go of their connection when the reader stops early', async () => {
    // More early stops than the pool has connections: a leaked one would hang the next query.
    for (let i = 0; i < 12; i++) {
      for await (const rows of list.chunks(db, admin, { page: 1, pageSize: 25 }, [], 2)) {
        expect(rows).toHaveLength(2);
        break;
      }
    }
    const { rows } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM lc_rows');
    expect(rows[0]!.n).toBe(9n);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the cursor of Db.readInBatches', () => {
  it('reads at most 250 rows at a time, whatever the batch asks, each row once and in order', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    const batches = db.readInBatches!<{ n: number }>(
      'SELECT n FROM generate_series(1, $1::int) AS n ORDER BY n',
      [600],
      2000,
    );
    for await (const rows of batches) {
      sizes.push(rows.length);
      seen.push(...rows.map((r) => r.n));
    }
    // Small batches die young in V8, so a million-row export keeps the server's memory flat.
    expect(sizes).toEqual([250, 250, 100]);
    expect(seen).toEqual(Array.from({ length: 600 }, (_v, i) => i + 1));
  });
});
