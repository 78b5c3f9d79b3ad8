import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/db';
import { violatesConstraint } from '../../src/db/db';
import { GroupCommit } from '../../src/db/group-commit';
import { joinWrites, runWrites, UnexpectedRows } from '../../src/db/writes';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/** Combined writes (one statement for several) and the group commit's batch overlap. */
let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec(`CREATE TABLE w_a (id int PRIMARY KEY, v text NOT NULL);
                 CREATE TABLE w_b (id int PRIMARY KEY, n bigint NOT NULL)`);
});
afterAll(() => db.close());

const rows = async (table: string) => (await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows;

describe(`combined writes (${testDatabaseKind()})`, () => {
  it('shifts each part onto one parameter list', () => {
    const joined = joinWrites(
      { statements: ['INSERT INTO w_a VALUES ($1, $2)'], params: [1, 'x'] },
      null,
      {
        statements: ['INSERT INTO w_b VALUES ($1, $2)', 'DELETE FROM w_b WHERE id = $1'],
        params: [7, 8n],
      },
    );
    expect(joined).toEqual({
      statements: [
        'INSERT INTO w_a VALUES ($1, $2)',
        'INSERT INTO w_b VALUES ($3, $4)',
        'DELETE FROM w_b WHERE id = $3',
      ],
      params: [1, 'x', 7, 8n],
      expectedRows: [undefined, undefined, undefined],
    });
    expect(joinWrites(null, undefined)).toBeNull();
  });

  it('runs several writes in one statement', async () => {
    await runWrites(db, [
      {
        statements: [`INSERT INTO w_a SELECT * FROM unnest($1::int[], $2::text[])`],
        params: [
          [1, 2],
          ['one', 'two'],
        ],
      },
      { statements: ['INSERT INTO w_b VALUES ($1, $2)'], params: [1, 10n] },
      null,
    ]);
    expect(await rows('w_a')).toEqual([
      { id: 1, v: 'one' },
      { id: 2, v: 'two' },
    ]);
    expect(await rows('w_b')).toEqual([{ id: 1, n: 10n }]);
  });

  it('is all or nothing, even outside a transaction', async () => {
    const before = [await rows('w_a'), await rows('w_b')];
    const failing = runWrites(db, [
      { statements: ['INSERT INTO w_b VALUES ($1, $2)'], params: [2, 20n] },
      // id 1 exists: the unique violation undoes the other write too.
      { statements: ['INSERT INTO w_a VALUES ($1, $2)'], params: [1, 'again'] },
    ]);
    const error = await failing.catch((e: unknown) => e);
    expect(violatesConstraint(error, 'w_a_pkey')).toBe(true);
    expect([await rows('w_a'), await rows('w_b')]).toEqual(before);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('prepared writes (postgres)', () => {
  it('parses each combined write once per connection and runs it again by name', async () => {
    const write = (tx: Queryable, id: number) =>
      runWrites(tx, [
        { statements: ['INSERT INTO w_a VALUES ($1, $2)'], params: [id, 'p'] },
        { statements: ['INSERT INTO w_b VALUES ($1, $2)'], params: [id, 1n] },
      ]);
    const prepared = await db.transaction(async (tx) => {
      for (const id of [101, 102, 103]) await write(tx, id);
      const { rows } = await tx.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO w_b%'`,
      );
      return rows;
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.statement).toContain('INSERT INTO w_a');
    await write(db, 104);
    expect((await rows('w_b')).filter((r) => Number(r.id) > 100)).toHaveLength(4);
  });
});

describe(`expected rows (${testDatabaseKind()})`, () => {
  const renameFrom = (from: string, to: string, expected: number) => ({
    statements: ['UPDATE w_a SET v = $2 WHERE v = $1'],
    params: [from, to],
    expectedRows: [expected],
  });
  const addB = (id: number) => ({ statements: ['INSERT INTO w_b VALUES ($1, 0)'], params: [id] });

  it('passes when each checked write touches the rows it expected, alone or joined', async () => {
    await runWrites(db, [renameFrom('one', 'uno', 1)]);
    await runWrites(db, [addB(10), renameFrom('uno', 'one', 1)]);
    expect((await rows('w_a'))[0]).toEqual({ id: 1, v: 'one' });
  });

  it('fails the transaction when the state a write was decided on has changed', async () => {
    const before = [await rows('w_a'), await rows('w_b')];
    // Nothing is 'gone': the rename touches no row, so the insert beside it is undone.
    for (const parts of [[addB(11), renameFrom('gone', 'x', 1)], [renameFrom('gone', 'x', 1)]])
      await expect(db.transaction((tx) => runWrites(tx, parts))).rejects.toBeInstanceOf(
        UnexpectedRows,
      );
    expect([await rows('w_a'), await rows('w_b')]).toEqual(before);
  });
});

describe(`group commit overlap (${testDatabaseKind()})`, () => {
  it('starts a second batch only once enough items wait', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const g = new GroupCommit<number, number>(db, {
      async many(_tx, items) {
        batches.push([...items]);
        if (items[0] === 0) await gate;
        return [...items];
      },
      async one(_tx, i) {
        batches.push([i]);
        if (i === 0) await gate;
        return i;
      },
      maxConcurrent: 3,
      overlapAt: 4,
      // No transaction around a batch: on PGlite a second one would wait for the first.
      batchIsOneStatement: true,
    });
    const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const leftSoFar = () => expect.poll(() => batches, { timeout: 10_000, interval: 5 });
    const answers: Promise<number>[] = [g.submit(0)];
    await leftSoFar().toEqual([[0]]);
    // One batch is in flight: three waiting items are not enough for another (none leaves
    // in the 50 ms watched: a wait that cannot fail a right answer, however slow the machine).
    answers.push(...[1, 2, 3].map((i) => g.submit(i)));
    await settle(50);
    expect(batches).toEqual([[0]]);
    // The fourth makes enough: they leave together while the first still runs.
    answers.push(g.submit(4));
    await leftSoFar().toEqual([[0], [1, 2, 3, 4]]);
    release();
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 4]);
  });

  it('sends a lone item at once when nothing is in flight', async () => {
    const g = new GroupCommit<number, number>(db, {
      many: async (_tx, items) => [...items],
      one: async (_tx, i) => i,
      overlapAt: 1000,
    });
    expect(await g.submit(5)).toBe(5);
    expect(await g.submit(6)).toBe(6);
  });
});
