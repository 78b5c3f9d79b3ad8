import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldReportRollups } from '../../src/ledger/report-folding';
import {
  balancesAtRows,
  movementRows,
  reportFigureRows,
  type SqlPart,
} from '../../src/ledger/report-sources';
import { ledgerAccountId } from '../../src/ledger/ledger-accounts';
import { changePayins, createPayins } from '../../src/modules/payins/payins.service';
import { startMoneyApp, type MoneyApp } from './support/money-app';

// Pay-ins either side of India's midnight (18:30 UTC) and of UTC's, completed 10 minutes later.
const TIMES = [
  '2026-10-31T18:15:00Z', // IST 31 Oct 23:45, UTC 31 Oct
  '2026-10-31T18:45:00Z', // IST 1 Nov 00:15, UTC 31 Oct
  '2026-10-31T23:50:00Z', // IST 1 Nov 05:20, UTC 31 Oct; completes 1 Nov 00:00 UTC
  '2026-11-01T00:10:00Z', // IST 1 Nov, UTC 1 Nov
];

let t: MoneyApp;
let merchantId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
  await t.db.transaction(async (tx) => {
    const created = await createPayins(
      tx,
      TIMES.map((at, i) => ({
        merchantId,
        orderId: `report-${i}`,
        currency: 'THB',
        amount: 100_000n + BigInt(i),
        createdAt: new Date(at),
      })),
      { slot: 0 },
    );
    await changePayins(
      tx,
      created.flatMap((p) => [
        { id: p.id, status: 'processing' as const, at: p.created_at, reference: `R-${p.id}` },
        {
          id: p.id,
          status: 'success' as const,
          at: new Date(p.created_at.getTime() + 600_000),
        },
      ]),
    );
  });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const read = async <T>(part: SqlPart, outer: (sql: string) => string) =>
  (await t.db.query<T & Record<string, unknown>>(outer(part.sql), [...part.params])).rows;

const successCountsByDay = (zone: string) =>
  read<{ day: string; n: bigint; v: bigint }>(
    reportFigureRows({ zone, fromDay: '2026-10-30', toDay: '2026-11-02' }, [merchantId]),
    (
      sql,
    ) => `SELECT day::text AS day, sum(count)::bigint AS n, sum(volume)::bigint AS v FROM (${sql}) f
               WHERE kind = 'payin' AND status = 'success' GROUP BY 1 ORDER BY 1`,
  );

async function expectFiguresRight() {
  expect(await successCountsByDay('Asia/Kolkata')).toEqual([
    { day: '2026-10-31', n: 1n, v: 100_000n },
    { day: '2026-11-01', n: 3n, v: 300_006n },
  ]);
  expect(await successCountsByDay('UTC')).toEqual([
    { day: '2026-10-31', n: 3n, v: 300_003n },
    { day: '2026-11-01', n: 1n, v: 100_003n },
  ]);
  const account = ledgerAccountId({
    ownerKind: 'account',
    ownerId: merchantId,
    currency: 'THB',
    purpose: 'available',
  });
  // The balance at any instant is the sum of the account's entries before it.
  for (const instant of ['2026-10-31T18:30:00Z', '2026-11-01T00:05:00Z', '2026-11-01T12:00:00Z']) {
    const [expected] = (
      await t.db.query<{ total: bigint | null }>(
        'SELECT sum(amount)::bigint AS total FROM entries WHERE ledger_account_id = $1 AND created_at < $2',
        [account, instant],
      )
    ).rows;
    const rows = await read<{ balance: bigint }>(
      balancesAtRows(new Date(instant), [account]),
      (sql) => sql,
    );
    expect(rows[0]?.balance ?? 0n, instant).toBe(expected!.total ?? 0n);
  }
  // Movements per day in India's zone equal the entries of those days.
  const moved = await read<{ day: string; credit: bigint }>(
    movementRows({ zone: 'Asia/Kolkata', fromDay: '2026-10-31', toDay: '2026-11-01' }, [account]),
    (sql) =>
      `SELECT day::text AS day, sum(credit)::bigint AS credit FROM (${sql}) m GROUP BY 1 ORDER BY 1`,
  );
  const { rows: entries } = await t.db.query<{ day: string; credit: bigint }>(
    `SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS day, sum(amount)::bigint AS credit
       FROM entries WHERE ledger_account_id = $1 AND amount > 0 GROUP BY 1 ORDER BY 1`,
    [account],
  );
  expect(moved).toEqual(entries);
}

describe('report rollups', () => {
  it('read the same figures before and after the buckets fold into zone days', async () => {
    await expectFiguresRight();
    await t.expectCleanLedger();
    expect(await foldReportRollups(t.db, new Date('2030-01-01T00:00:00Z'))).toBeGreaterThan(0);
    expect(await t.count('report_days')).toBeGreaterThan(0);
    await expectFiguresRight();
    await t.expectCleanLedger();
  });

  it('a transaction written into a folded bucket is read from its new bucket row', async () => {
    await t.db.transaction((tx) =>
      createPayins(
        tx,
        [
          {
            merchantId,
            orderId: 'report-late',
            currency: 'THB',
            amount: 5_000n,
            createdAt: new Date(TIMES[0]!),
          },
        ],
        { slot: 0 },
      ),
    );
    expect(await t.count('report_halfhours')).toBe(1);
    const created = await read<{ n: bigint }>(
      reportFigureRows({ zone: 'Asia/Kolkata', fromDay: '2026-10-31', toDay: '2026-10-31' }, [
        merchantId,
      ]),
      (sql) => `SELECT sum(count)::bigint AS n FROM (${sql}) f WHERE status = 'created'`,
    );
    expect(created).toEqual([{ n: 1n }]);
    await t.expectCleanLedger();
  });
});
