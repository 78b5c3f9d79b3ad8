import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { adjustmentList } from '../../src/modules/adjustments/adjustments.queries';
import { disputeList } from '../../src/modules/disputes/disputes.queries';
import { payinList } from '../../src/modules/payins/payins.queries';
import { payoutList } from '../../src/modules/payouts/payouts.queries';
import { refundList } from '../../src/modules/refunds/refunds.queries';
import type { ScopedList } from '../../src/modules/scoped-lists/list-spec';
import { settlementList } from '../../src/modules/settlements/settlements.queries';
import { topUpList } from '../../src/modules/top-ups/top-ups.queries';
import {
  withdrawalHistoryList,
  withdrawalList,
} from '../../src/modules/withdrawals/withdrawals.queries';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/**
 * Every money list reads an index for what it does on every load (issue 46, migration 0953): its
 * first page, newest first (`created_at, id`); the count of each status tab (`status,
 * created_at`); and an owner's counts (`merchant, status, created_at`, a reseller's for a list a
 * reseller owns). Without one, a count of a status no row has reads the whole table: a list's
 * first load then grows with history (bench:growth).
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const MONEY_LISTS: Readonly<Record<string, ScopedList<unknown>>> = {
  payinList,
  payoutList,
  refundList,
  disputeList,
  settlementList,
  topUpList,
  withdrawalList,
  withdrawalHistoryList,
  adjustmentList,
};

/** The leading key columns of each index of `table`, joined by commas. */
async function indexKeysOf(table: string): Promise<string[]> {
  const { rows } = await db.query<{ keys: string }>(
    `SELECT string_agg(a.attname, ',' ORDER BY k.ord) AS keys
       FROM pg_index x
       JOIN pg_class t ON t.oid = x.indrelid
       CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relname = $1 AND k.ord <= x.indnkeyatts
      GROUP BY x.indexrelid`,
    [table],
  );
  return rows.map((r) => r.keys);
}

/** The column's name without its table alias. */
const bare = (column: string) => column.slice(column.indexOf('.') + 1);

describe(`money lists' indexes (${testDatabaseKind()})`, () => {
  it.each(Object.keys(MONEY_LISTS))('%s: its first page and its status counts', async (name) => {
    const { spec } = MONEY_LISTS[name]!;
    const table = /^FROM (\w+) /.exec(spec.from)![1]!;
    const keys = await indexKeysOf(table);
    const leads = (...columns: string[]) =>
      keys.some((k) => `${k},`.startsWith(`${columns.join(',')},`));
    expect(leads('created_at', 'id'), `${table}: newest first`).toBe(true);
    if (!spec.statuses) return;
    expect(leads('status', 'created_at', 'id'), `${table}: by status`).toBe(true);
    const owner = bare(spec.scope.merchant ?? spec.scope.reseller!);
    expect(leads(owner, 'status', 'created_at', 'id'), `${table}: an owner's by status`).toBe(true);
  });
});
