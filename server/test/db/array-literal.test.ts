import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, withArrayLiterals } from '../../src/db/array-literal';
import type { Db } from '../../src/db/db';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/** Arrays sent as the literal `arrayLiteral` writes come back from the database as they went. */
let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const TRICKY_TEXT = [
  'plain',
  '',
  'NULL',
  'null',
  'a,b',
  '{braces}',
  ' spaced ',
  'say "hi"',
  'back\\slash',
  '\\"both\\"',
  'tab\tand\nnewline',
  'عربي 中文 ✓',
  null,
];

describe(`array parameters written as literals (${testDatabaseKind()})`, () => {
  it('writes text quoted, escaping only backslashes and double quotes', () => {
    expect(arrayLiteral(['a', 'say "hi"', 'c\\d', null, ''])).toBe(
      '{"a","say \\"hi\\"","c\\\\d",NULL,""}',
    );
    expect(arrayLiteral([1n, -2n, 3, null, true, false])).toBe('{1,-2,3,NULL,true,false}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('leaves to pg what it does not write: dates, objects, nested arrays', () => {
    expect(arrayLiteral([new Date(0)])).toBeUndefined();
    expect(arrayLiteral([{ a: 1 }])).toBeUndefined();
    expect(arrayLiteral([[1]])).toBeUndefined();
    const date = [new Date(0)];
    expect(withArrayLiterals([1, 'x', date, ['y']])).toEqual([1, 'x', date, '{"y"}']);
  });

  it('round-trips text, bigint, uuid and boolean arrays through the database', async () => {
    const uuids = ['6f1c1f4e-4b8e-4a43-9d51-2a7d6f0c1e11', null];
    const bigints = [0n, -9_223_372_036_854_775_808n, 9_223_372_036_854_775_807n, null];
    const { rows } = await db.query<{ t: string[]; b: bigint[]; u: string[]; f: boolean[] }>(
      'SELECT $1::text[] AS t, $2::bigint[] AS b, $3::uuid[] AS u, $4::bool[] AS f',
      withArrayLiterals([TRICKY_TEXT, bigints, uuids, [true, false, null]]),
    );
    expect(rows[0]!.t).toEqual(TRICKY_TEXT);
    expect(rows[0]!.b.map((v) => (v === null ? null : BigInt(v)))).toEqual(bigints);
    expect(rows[0]!.u).toEqual(uuids);
    expect(rows[0]!.f).toEqual([true, false, null]);
  });

  it('unnests into rows as the batched writes read them', async () => {
    const { rows } = await db.query<{ t: string | null; n: string | null }>(
      'SELECT t, n::text FROM unnest($1::text[], $2::bigint[]) AS x(t, n)',
      withArrayLiterals([TRICKY_TEXT, TRICKY_TEXT.map((_, i) => (i % 3 ? BigInt(i) : null))]),
    );
    expect(rows.map((r) => r.t)).toEqual(TRICKY_TEXT);
    expect(rows.map((r) => r.n)).toEqual(TRICKY_TEXT.map((_, i) => (i % 3 ? String(i) : null)));
  });
});
