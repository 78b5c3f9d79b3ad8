import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/db';
import { violatesConstraint } from '../../src/db/db';
import {
  defineLifecycleTable,
  mergeStateChanges,
  type StateChange,
} from '../../src/db/lifecycle-table';
import { UnexpectedRows } from '../../src/db/writes';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/** A lifecycle table's batched access, on a scratch table of its own. */
let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec(`CREATE TABLE lt_items (
    id uuid PRIMARY KEY,
    code text NOT NULL UNIQUE,
    amount bigint NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    final_at timestamptz,
    decided_at timestamptz,
    ref text NOT NULL DEFAULT '',
    note text NOT NULL DEFAULT ''
  )`);
});
afterAll(() => db.close());

interface Item {
  id: string;
  code: string;
  amount: bigint;
  status: string;
  created_at: Date;
  updated_at: Date;
  final_at: Date | null;
  decided_at: Date | null;
  ref: string;
  note: string;
}
type Carried = 'ref' | 'note';

const items = defineLifecycleTable<Item, Carried>({
  table: 'lt_items',
  alias: 'i',
  columns: {
    id: 'uuid',
    code: 'text',
    amount: 'bigint',
    status: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    final_at: 'timestamptz',
    decided_at: 'timestamptz',
    ref: 'text',
    note: 'text',
  },
  setLater: ['final_at', 'decided_at', 'ref', 'note'],
  finalAt: 'final_at',
  decidedAt: 'decided_at',
  carried: ['ref', 'note'],
});

const T0 = new Date('2025-01-02T03:04:05.678Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A new row; its set-later columns carry values the insert must leave to the defaults. */
const newItem = (code: string, amount = 100n, id = randomUUID()): Item => ({
  id,
  code,
  amount,
  status: 'created',
  created_at: T0,
  updated_at: T0,
  final_at: at(99),
  decided_at: at(99),
  ref: 'not inserted',
  note: 'not inserted',
});

const read = async (id: string): Promise<Item> => {
  const { rows } = await db.query<Item>('SELECT * FROM lt_items WHERE id = $1', [id]);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const readMany = async (ids: readonly string[]) => Promise.all(ids.map(read));
const codes = async () =>
  (await db.query<{ code: string }>('SELECT code FROM lt_items ORDER BY code')).rows.map(
    (r) => r.code,
  );

/** The database, with every statement sent through it recorded. */
function recording(): { q: Queryable; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    q: {
      query<R>(text: string, params?: readonly unknown[]) {
        sent.push(text);
        return db.query<R>(text, params);
      },
      exec: (sql) => db.exec(sql),
    },
  };
}

describe(`lifecycle table inserts (${testDatabaseKind()})`, () => {
  it('inserts a batch in one statement, leaving the set-later columns to their defaults', async () => {
    const rows = [newItem('ins-a', 1n), newItem('ins-b', 9_007_199_254_740_993n), newItem('ins-c')];
    const { q, sent } = recording();
    await items.insert(q, rows);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^(\/\* prepared \*\/ )?INSERT INTO lt_items/);
    for (const row of rows) {
      expect(await read(row.id)).toEqual({
        ...row,
        final_at: null,
        decided_at: null,
        ref: '',
        note: '',
      });
    }
  });

  it('fails the whole batch on a unique violation', async () => {
    const before = await codes();
    // The first row is new, the second reuses a code: neither is written.
    const error = await items
      .insert(db, [newItem('ins-d'), newItem('ins-a')])
      .catch((e: unknown) => e);
    expect(violatesConstraint(error, 'lt_items_code_key')).toBe(true);
    // Two new rows that collide with each other fail as well.
    const twice = await items
      .insert(db, [newItem('ins-e'), newItem('ins-e')])
      .catch((e: unknown) => e);
    expect(violatesConstraint(twice, 'lt_items_code_key')).toBe(true);
    expect(await codes()).toEqual(before);
  });

  it('insertWrites is the same statement, for joining with other writes', () => {
    const w = items.insertWrites([newItem('w-a', 5n), newItem('w-b', 6n)]);
    expect(w.statements).toHaveLength(1);
    expect(w.expectedRows).toBeUndefined();
    // One array per inserted column, the set-later ones left out; bigints travel as text.
    expect(w.params).toHaveLength(6);
    expect(w.params).toContainEqual(['5', '6']);
    expect(w.params).toContainEqual([T0.toISOString(), T0.toISOString()]);
  });

  it('insertSkippingConflicts inserts the others and returns only the ids it inserted', async () => {
    const fresh = [newItem('skip-a'), newItem('skip-b')];
    const taken = newItem('ins-b');
    const done = await items.insertSkippingConflicts(db, [fresh[0]!, taken, fresh[1]!], 'code');
    expect([...done].sort()).toEqual(fresh.map((r) => r.id).sort());
    expect(await codes()).toEqual(expect.arrayContaining(['skip-a', 'skip-b']));
    const { rows } = await db.query('SELECT 1 FROM lt_items WHERE id = $1', [taken.id]);
    expect(rows).toEqual([]);
    // Nothing new: nothing returned.
    expect(await items.insertSkippingConflicts(db, [newItem('skip-a')], 'code')).toEqual([]);
  });
});

describe(`lifecycle table lock (${testDatabaseKind()})`, () => {
  it('returns the named rows, whole, in id order', async () => {
    const rows = Array.from({ length: 8 }, (_v, i) => newItem(`lock-${i}`, BigInt(i + 1)));
    await items.insert(db, rows);
    // Six of the eight, asked for in falling id order.
    const asked = rows
      .map((r) => r.id)
      .sort()
      .reverse()
      .slice(1, 7);
    const locked = await db.transaction((tx) => items.lock(tx, asked));
    expect(locked.map((r) => r.id)).toEqual([...asked].reverse());
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of locked)
      expect(row).toEqual({
        ...byId.get(row.id),
        final_at: null,
        decided_at: null,
        ref: '',
        note: '',
      });
    expect(await items.lock(db, [randomUUID()])).toEqual([]);
    expect(items.columns).toBe(
      'i.id, i.code, i.amount, i.status, i.created_at, i.updated_at, i.final_at, i.decided_at, i.ref, i.note',
    );
  });
});

describe(`lifecycle table state changes (${testDatabaseKind()})`, () => {
  const change = (
    id: string,
    from: string,
    status: string,
    minute: number,
    extra: Partial<StateChange<Carried>> = {},
  ): StateChange<Carried> => ({ id, from, status, at: at(minute), ...extra });

  it('writes status and updated_at; stamps final_at only on a final change', async () => {
    const [a, b] = [newItem('st-a'), newItem('st-b')];
    await items.insert(db, [a!, b!]);
    await items.updateStates(db, [
      change(a!.id, 'created', 'processing', 1),
      change(b!.id, 'created', 'done', 2, { final: true }),
    ]);
    expect(await read(a!.id)).toMatchObject({
      status: 'processing',
      updated_at: at(1),
      created_at: T0,
      final_at: null,
      decided_at: null,
    });
    expect(await read(b!.id)).toMatchObject({
      status: 'done',
      updated_at: at(2),
      final_at: at(2),
      decided_at: null,
    });
    // A later change that is not final leaves final_at as it was.
    await items.updateStates(db, [change(b!.id, 'done', 'reopened', 3)]);
    expect(await read(b!.id)).toMatchObject({
      status: 'reopened',
      updated_at: at(3),
      final_at: at(2),
    });
    // A second final change stamps its own time.
    await items.updateStates(db, [change(b!.id, 'reopened', 'done', 4, { final: true })]);
    expect(await read(b!.id)).toMatchObject({ final_at: at(4), updated_at: at(4) });
  });

  it('stamps decided_at at the first decision and keeps it afterwards', async () => {
    const d = newItem('st-d');
    await items.insert(db, [d]);
    await items.updateStates(db, [change(d.id, 'created', 'pending', 1)]);
    expect((await read(d.id)).decided_at).toBeNull();
    await items.updateStates(db, [change(d.id, 'pending', 'approved', 2, { decided: true })]);
    expect(await read(d.id)).toMatchObject({ decided_at: at(2), final_at: null });
    await items.updateStates(db, [
      change(d.id, 'approved', 'completed', 5, { decided: true, final: true }),
    ]);
    expect(await read(d.id)).toMatchObject({
      status: 'completed',
      decided_at: at(2),
      final_at: at(5),
      updated_at: at(5),
    });
  });

  it('sets carried columns a change gives and keeps those it does not', async () => {
    const c = newItem('st-c');
    await items.insert(db, [c]);
    await items.updateStates(db, [change(c.id, 'created', 's1', 1, { values: { ref: 'R-1' } })]);
    expect(await read(c.id)).toMatchObject({ ref: 'R-1', note: '' });
    // No values at all, and a value given as undefined: both keep the old ones.
    await items.updateStates(db, [change(c.id, 's1', 's2', 2)]);
    await items.updateStates(db, [change(c.id, 's2', 's3', 3, { values: { ref: undefined } })]);
    expect(await read(c.id)).toMatchObject({ status: 's3', ref: 'R-1', note: '' });
    await items.updateStates(db, [change(c.id, 's3', 's4', 4, { values: { note: 'N-1' } })]);
    expect(await read(c.id)).toMatchObject({ ref: 'R-1', note: 'N-1' });
    await items.updateStates(db, [
      change(c.id, 's4', 's5', 5, { values: { ref: 'R-2', note: 'N-2' } }),
    ]);
    expect(await read(c.id)).toMatchObject({ status: 's5', ref: 'R-2', note: 'N-2' });
  });

  it('refuses a change whose from is stale; in a transaction nothing of the batch is written', async () => {
    const [x, y] = [newItem('st-x'), newItem('st-y')];
    await items.insert(db, [x!, y!]);
    await items.updateStates(db, [change(y!.id, 'created', 'processing', 1)]);
    const before = await readMany([x!.id, y!.id]);
    // y is no longer 'created': the batch with x's good change fails as a whole.
    await expect(
      db.transaction((tx) =>
        items.updateStates(tx, [
          change(x!.id, 'created', 'done', 2, { final: true, values: { ref: 'X' } }),
          change(y!.id, 'created', 'done', 2, { final: true }),
        ]),
      ),
    ).rejects.toBeInstanceOf(UnexpectedRows);
    expect(await readMany([x!.id, y!.id])).toEqual(before);
    // Alone and outside a transaction, the stale change is refused too (and touched nothing).
    await expect(
      items.updateStates(db, [change(y!.id, 'created', 'done', 2, { final: true })]),
    ).rejects.toBeInstanceOf(UnexpectedRows);
    expect(await readMany([x!.id, y!.id])).toEqual(before);
    // An id that does not exist is refused the same way.
    await expect(
      db.transaction((tx) =>
        items.updateStates(tx, [
          change(x!.id, 'created', 'processing', 3),
          change(randomUUID(), 'created', 'processing', 3),
        ]),
      ),
    ).rejects.toBeInstanceOf(UnexpectedRows);
    expect(await readMany([x!.id, y!.id])).toEqual(before);
    // The same batch judged on the right statuses goes through.
    await db.transaction((tx) =>
      items.updateStates(tx, [
        change(x!.id, 'created', 'done', 4, { final: true }),
        change(y!.id, 'processing', 'done', 4, { final: true }),
      ]),
    );
    expect((await readMany([x!.id, y!.id])).map((r) => [r.status, r.final_at])).toEqual([
      ['done', at(4)],
      ['done', at(4)],
    ]);
  });

  it('writes nothing for no changes', async () => {
    expect(items.stateWrites([])).toBeNull();
    const { q, sent } = recording();
    await items.updateStates(q, []);
    expect(sent).toEqual([]);
  });

  it('applies several steps of one row in one batch as one merged change', async () => {
    const [m, n] = [newItem('st-m'), newItem('st-n')];
    await items.insert(db, [m!, n!]);
    const steps = [
      change(m!.id, 'created', 'processing', 1, { values: { ref: 'M-1' } }),
      change(n!.id, 'created', 'approved', 1, { decided: true }),
      change(m!.id, 'processing', 'success', 2, { final: true, values: { note: 'M-N' } }),
      change(n!.id, 'approved', 'completed', 3, { final: true }),
    ];
    const w = items.stateWrites(steps)!;
    expect(w.statements).toHaveLength(1);
    expect(w.expectedRows).toEqual([2]);
    const { q, sent } = recording();
    await items.updateStates(q, steps);
    expect(sent).toHaveLength(1);
    expect(await read(m!.id)).toMatchObject({
      status: 'success',
      updated_at: at(2),
      final_at: at(2),
      decided_at: null,
      ref: 'M-1',
      note: 'M-N',
    });
    expect(await read(n!.id)).toMatchObject({
      status: 'completed',
      updated_at: at(3),
      final_at: at(3),
      decided_at: at(3),
    });
  });
});

describe('mergeStateChanges', () => {
  const c = (
    id: string,
    from: string,
    status: string,
    minute: number,
    extra: Partial<StateChange<Carried>> = {},
  ): StateChange<Carried> => ({ id, from, status, at: at(minute), ...extra });

  it('keeps a lone change as it is and the ids in the order first seen', () => {
    const lone = c('b', 'created', 'processing', 1, { values: { ref: 'R' } });
    const merged = mergeStateChanges([
      lone,
      c('a', 'created', 'processing', 1),
      c('a', 'processing', 'done', 2),
    ]);
    expect(merged.map((m) => m.id)).toEqual(['b', 'a']);
    expect(merged[0]).toEqual(lone);
    expect(mergeStateChanges([])).toEqual([]);
  });

  it("judges on the first step's status and ends in the last step's status and time", () => {
    const [m] = mergeStateChanges([
      c('a', 'created', 'processing', 1),
      c('a', 'processing', 'expired', 2),
      c('a', 'expired', 'success', 3),
    ]);
    expect(m).toMatchObject({ id: 'a', from: 'created', status: 'success', at: at(3) });
  });

  it('is final or decided when any step was', () => {
    const first = mergeStateChanges([
      c('a', 'created', 'approved', 1, { decided: true }),
      c('a', 'approved', 'done', 2, { final: true }),
    ]);
    expect(first[0]).toMatchObject({ final: true, decided: true });
    // A final step followed by one that is not stays final.
    const later = mergeStateChanges([
      c('a', 'created', 'expired', 1, { final: true }),
      c('a', 'expired', 'reopened', 2),
    ]);
    expect(later[0]).toMatchObject({ final: true, decided: false, status: 'reopened' });
    const none = mergeStateChanges([
      c('a', 'created', 'processing', 1),
      c('a', 'processing', 'waiting', 2),
    ]);
    expect(none[0]).toMatchObject({ final: false, decided: false });
  });

  it('carries the latest value of each column; a later step without one keeps the earlier', () => {
    const [m] = mergeStateChanges([
      c('a', 'created', 'processing', 1, { values: { ref: 'R-1', note: 'N-1' } }),
      c('a', 'processing', 'processing2', 2, { values: { ref: 'R-2' } }),
      c('a', 'processing2', 'done', 3, { values: { ref: undefined } }),
      c('a', 'done', 'closed', 4),
    ]);
    expect(m!.values).toEqual({ ref: 'R-2', note: 'N-1' });
  });
});
