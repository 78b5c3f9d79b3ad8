import { formatAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { foldReportRollups } from '../../src/ledger/report-folding';
import {
  balancesAtDayStartRows,
  balancesAtRows,
  movementRows,
  reportFigureRows,
  type SqlPart,
} from '../../src/ledger/report-sources';
import { ledgerAccountId } from '../../src/ledger/ledger-accounts';
import { changePayins, createPayins } from '../../src/modules/payins/payins.service';
import { ledgerChunks, ledgerFigures } from '../../src/modules/reports/ledger-entries';
import { reportDaysOf } from '../../src/modules/reports/report-service';
import { startMoneyApp, type MoneyApp } from './support/money-app';
import { LONE_WRITER_SLOT } from '../../src/ledger/rollups';

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
      { slot: LONE_WRITER_SLOT },
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

const SUCCESS_SUMS = `sum(count)::bigint AS n, sum(volume)::bigint AS v`;
const SUCCESS_ONLY = `kind = 'payin' AND status = 'success'`;

const successCountsByDay = (zone: string, owners: string[] | null) =>
  read<{ day: string; n: bigint; v: bigint }>(
    reportFigureRows({ zone, fromDay: '2026-10-30', toDay: '2026-11-02' }, owners, {
      byDay: true,
      byOwner: false,
    }),
    (sql) => `SELECT day::text AS day, ${SUCCESS_SUMS} FROM (${sql}) f
               WHERE ${SUCCESS_ONLY} GROUP BY 1 ORDER BY 1`,
  );

/** A period's successful pay-ins read per month where it can (whole months and edge days). */
const successOver = (zone: string, fromDay: string, toDay: string) =>
  read<{ n: bigint; v: bigint }>(
    reportFigureRows({ zone, fromDay, toDay }, [merchantId], { byDay: false, byOwner: true }),
    (sql) => `SELECT ${SUCCESS_SUMS} FROM (${sql}) f WHERE ${SUCCESS_ONLY}`,
  );

/** The same straight from the pay-ins. */
const successInPayins = (zone: string, fromDay: string, toDay: string) =>
  t.db
    .query<{ n: bigint; v: bigint }>(
      `SELECT count(*)::bigint AS n, sum(amount)::bigint AS v FROM payins
        WHERE merchant_account_id = $1 AND status = 'success'
          AND (created_at AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date`,
      [merchantId, zone, fromDay, toDay],
    )
    .then((r) => r.rows);

async function expectFiguresRight() {
  const india = [
    { day: '2026-10-31', n: 1n, v: 100_000n },
    { day: '2026-11-01', n: 3n, v: 300_006n },
  ];
  const utc = [
    { day: '2026-10-31', n: 3n, v: 300_003n },
    { day: '2026-11-01', n: 1n, v: 100_003n },
  ];
  expect(await successCountsByDay('Asia/Kolkata', [merchantId])).toEqual(india);
  expect(await successCountsByDay('UTC', [merchantId])).toEqual(utc);
  // Every tenant summed per day (the platform's days): only this merchant has pay-ins.
  expect(await successCountsByDay('Asia/Kolkata', null)).toEqual(india);
  expect(await successCountsByDay('UTC', null)).toEqual(utc);
  // Periods of whole months, of edge days only, and of both.
  for (const zone of ['Asia/Kolkata', 'UTC'])
    for (const [from, to] of [
      ['2026-10-01', '2026-11-30'],
      ['2026-11-01', '2026-11-30'],
      ['2026-10-15', '2026-11-01'],
      ['2026-09-20', '2026-11-01'],
      ['2026-10-31', '2026-12-31'],
    ] as const)
      expect(await successOver(zone, from, to), `${zone} ${from}..${to}`).toEqual(
        await successInPayins(zone, from, to),
      );
  const account = ledgerAccountId({
    ownerKind: 'account',
    ownerId: merchantId,
    currency: 'THB',
    purpose: 'available',
  });
  // The balance at any instant is the sum of the account's entries before it.
  for (const instant of [
    '2026-10-31T18:30:00Z',
    '2026-11-01T00:05:00Z',
    '2026-11-01T12:00:00Z',
    '2026-11-02T00:00:00Z',
    '2026-12-01T00:00:00Z',
    '2027-01-15T09:00:00Z',
  ]) {
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
  // The balance when a zone's day starts, from that zone's own rollups only.
  for (const zone of ['Asia/Kolkata', 'UTC'])
    for (const day of ['2026-10-31', '2026-11-01', '2026-11-02', '2026-12-01', '2027-01-15']) {
      const [expected] = (
        await t.db.query<{ total: bigint | null }>(
          `SELECT sum(amount)::bigint AS total FROM entries
            WHERE ledger_account_id = $1 AND created_at < $2::date::timestamp AT TIME ZONE $3`,
          [account, day, zone],
        )
      ).rows;
      const rows = await read<{ balance: bigint }>(
        balancesAtDayStartRows(zone, day, [account]),
        (sql) => sql,
      );
      expect(rows[0]?.balance ?? 0n, `${zone} ${day}`).toBe(expected!.total ?? 0n);
    }
  // Movements over a period in India's zone (single days, whole months with edge days) equal
  // the entries of those days.
  for (const [fromDay, toDay] of [
    ['2026-10-31', '2026-10-31'],
    ['2026-11-01', '2026-11-01'],
    ['2026-10-01', '2026-11-30'],
    ['2026-10-20', '2026-11-30'],
  ] as const) {
    const moved = await read<{ credit: bigint | null }>(
      movementRows({ zone: 'Asia/Kolkata', fromDay, toDay }, [account]),
      (sql) => `SELECT sum(credit)::bigint AS credit FROM (${sql}) m`,
    );
    const { rows: entries } = await t.db.query<{ credit: bigint | null }>(
      `SELECT sum(amount)::bigint AS credit FROM entries
        WHERE ledger_account_id = $1 AND amount > 0
          AND (created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $2::date AND $3::date`,
      [account, fromDay, toDay],
    );
    expect(moved, `${fromDay}..${toDay}`).toEqual(entries);
  }
}

describe('report rollups', () => {
  it('read the same figures before and after the buckets fold into zone days', async () => {
    await expectFiguresRight();
    await t.expectCleanLedger();
    expect(await foldReportRollups(t.db, new Date('2030-01-01T00:00:00Z'))).toBeGreaterThan(0);
    for (const table of [
      'report_days',
      'report_months',
      'report_platform_days',
      'report_totals',
      'movement_months',
    ])
      expect(await t.count(table), table).toBeGreaterThan(0);
    await expectFiguresRight();
    await t.expectCleanLedger();
  });

  it('ledger:check names a month, platform day or all-time row that no longer equals its day rows', async () => {
    for (const [table, key] of [
      ['report_months', 'report_months drift'],
      ['report_platform_days', 'report_platform_days drift'],
      ['report_totals', 'report_totals drift'],
      ['movement_months', 'movement_months drift'],
    ] as const) {
      const sum = table === 'movement_months' ? 'credit' : 'volume';
      await t.db.query(`UPDATE ${table} SET ${sum} = ${sum} + 1 WHERE ${sum} > 0`);
      const drift = await findLedgerDrift(t.db);
      expect(
        drift.some((d) => d.startsWith(`${key}: ${table}`)),
        drift.join('\n'),
      ).toBe(true);
      await t.db.query(`UPDATE ${table} SET ${sum} = ${sum} - 1 WHERE ${sum} > 1`);
    }
    await t.expectCleanLedger();
  });

  it('exports a ledger in order with its running balance, whatever the chunk size', async () => {
    const account = ledgerAccountId({
      ownerKind: 'account',
      ownerId: merchantId,
      currency: 'THB',
      purpose: 'available',
    });
    const days = reportDaysOf(
      { from: '2026-10-31T00:00:00Z', to: '2026-11-01T12:00:00Z', timeZone: 'India' },
      'Default',
    );
    const figures = await ledgerFigures(t.db, account, 'THB', days);
    expect(figures.count).toBeGreaterThan(2);
    const read = async (db: Parameters<typeof ledgerChunks>[0], chunkRows: number) => {
      const rows = [];
      for await (const chunk of ledgerChunks(db, account, 'THB', figures, chunkRows))
        rows.push(...chunk);
      return rows;
    };
    // The keyset chunks (PGlite's way; a database without a cursor) read ahead one chunk.
    const keyset = { query: t.db.query.bind(t.db), exec: t.db.exec.bind(t.db) };
    const whole = await read(keyset, 1_000);
    expect(whole).toHaveLength(figures.count);
    expect(whole.at(-1)!.balance).toBe(formatAmount(figures.closing, 'THB'));
    expect(await read(keyset, 2)).toEqual(whole);
    expect(await read(keyset, 1)).toEqual(whole);
    expect(await read(t.db, 2)).toEqual(whole);
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
        { slot: LONE_WRITER_SLOT },
      ),
    );
    expect(await t.count('report_halfhours')).toBe(1);
    const created = await read<{ n: bigint }>(
      reportFigureRows(
        { zone: 'Asia/Kolkata', fromDay: '2026-10-31', toDay: '2026-10-31' },
        [merchantId],
        { byDay: true, byOwner: true },
      ),
      (sql) => `SELECT sum(count)::bigint AS n FROM (${sql}) f WHERE status = 'created'`,
    );
    expect(created).toEqual([{ n: 1n }]);
    await t.expectCleanLedger();
  });
});
