import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@bo/contract';
import { sweepOverdueDisputes } from '../../src/modules/disputes/dispute-deadline';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { MERCHANT_MONEY_PURPOSES } from '../../src/modules/reports/balance-settlement-columns';
import { exportedCsvRows } from '../support/test-app';
import {
  ADMIN,
  fundDemoMerchant,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { driftAroundMigration } from './support/migration-drift';

/**
 * Disputes in the reports (issue 27): five disputes of MER00001's THB pay-ins, won with the fee
 * given back, won with the fee kept, accepted (lost), lost by the deadline sweep and left open,
 * then each report's dispute lines checked against the journal and reconciled.
 */
let t: MoneyApp;
let merchantId: string;
let contractId: string;
const payins: string[] = [];
const today = new Date().toISOString().slice(0, 10);
const PERIOD = { from: `${today}T00:00:00Z`, to: `${today}T00:00:00Z`, timeZone: 'Default' };
const THB = (minor: bigint) => formatAmount(minor, 'THB');
const minor = (text: string | null | undefined) => parseAmount(text ?? '0', 'THB')!;

type Row = Record<string, string | number | null>;
interface Page {
  rows: Row[];
  totals: Row[];
  differences: string[];
}

async function page(email: string, call: string, fields: Record<string, string>) {
  const r = await t.as<Page>(email, call, { ...PERIOD, pageSize: '200', ...fields });
  expect(r.status, r.message).toBe(200);
  expect(r.data.differences).toEqual([]);
  return r.data;
}

async function simulate(payin: number, amount: string, reasonCode: string, hours = '240') {
  const r = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId: payins[payin]!,
    amount,
    reasonCode,
    respondInHours: hours,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

async function submitEvidence(id: string, fields: Record<string, string>) {
  const r = await t.as(MERCHANT, 'saveDisputeEvidence', { id, ...fields, submit: '1' });
  expect(r.status, r.message).toBe(200);
}

/** The rows `exportList` writes as CSV for the call and fields, as records by column name. */
const exported = async (email: string, call: string, fields: Record<string, string>) =>
  exportedCsvRows(t.app, await t.signIn(email), call, fields);

/** The sum of the entries of the merchant's dispute journals on `purposes`, per journal kind. */
async function journalSums(purposes: readonly string[]) {
  const { rows } = await t.db.query<{ kind: string; s: bigint }>(
    `SELECT j.kind, sum(e.amount)::bigint AS s FROM entries e
       JOIN journal j ON j.id = e.journal_id
       JOIN ledger_accounts la ON la.id = e.ledger_account_id
      WHERE j.ref_type = 'dispute' AND la.owner_id = $1 AND la.currency = 'THB'
        AND la.purpose = ANY($2::text[])
      GROUP BY 1`,
    [merchantId, purposes],
  );
  return new Map(rows.map((r) => [r.kind, BigInt(r.s)]));
}

beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
  for (let i = 0; i < 5; i++) {
    await fundDemoMerchant(t, `dispute-report-${i}`);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM payins WHERE order_id = $1', [
      `dispute-report-${i}`,
    ]);
    payins.push(rows[0]!.id);
  }
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id::text AS id FROM contracts WHERE merchant_account_id = $1 AND currency = 'THB'
      ORDER BY version DESC LIMIT 1`,
    [merchantId],
  );
  contractId = rows[0]!.id;
  // Won, the fee given back (fraudulent, with a service proof and the payer's words).
  await submitEvidence(await simulate(0, '1000.00', 'fraudulent'), {
    serviceProof: 'Tracking TH1',
    customerCommunication: 'The payer confirmed delivery',
  });
  // Won, the fee kept by the gateway (reason general).
  await submitEvidence(await simulate(1, '2000.00', 'general'), { serviceProof: 'Tracking TH2' });
  // Accepted: lost.
  const accepted = await simulate(2, '3000.00', 'fraudulent');
  expect((await t.as(MERCHANT, 'acceptDispute', { id: accepted })).status).toBe(200);
  // Unanswered past its deadline: lost by the sweep.
  await simulate(3, '500.00', 'product_not_received', '1');
  // Still open at the period's end.
  await simulate(4, '700.00', 'duplicate');
  await t.sandbox.idle();
  expect(await sweepOverdueDisputes(t.db, new Date(Date.now() + 2 * 3_600_000))).toBe(1);
  const { rows: states } = await t.db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM disputes GROUP BY 1 ORDER BY 1`,
  );
  expect(states).toEqual([
    { status: 'lost', n: 2 },
    { status: 'opened', n: 1 },
    { status: 'won', n: 2 },
  ]);
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('disputes in the reports', () => {
  it('the contract ledger lists each hold and release as its own line, as the journal posted them', async () => {
    const ledger = await page(ADMIN, 'getContractLedger', { contractId });
    const lines = ledger.rows.filter((r) => String(r.kind).startsWith('dispute.'));
    const count = (kind: string) => lines.filter((r) => r.kind === kind).length;
    expect([count('dispute.hold'), count('dispute.release'), count('dispute.lose')]).toEqual([
      5, 2, 0,
    ]);
    // A loss moves the hold to the gateway: nothing on the available balance.
    const sums = await journalSums(['available']);
    const net = (kind: string) =>
      lines
        .filter((r) => r.kind === kind)
        .reduce((s, r) => s + minor(r.credit as string) - minor(r.debit as string), 0n);
    expect(net('dispute.hold')).toBe(sums.get('dispute.hold'));
    // Holds of amount + 1% fee: 1010 + 2020 + 3030 + 505 + 707.
    expect(net('dispute.hold')).toBe(-727_200n);
    // Back: 1010.00 (fee returned) and 2000.00 (the 20.00 fee kept).
    expect(net('dispute.release')).toBe(sums.get('dispute.release'));
    expect(net('dispute.release')).toBe(301_000n);
    const [totals] = ledger.totals;
    expect(minor(totals!.opening as string) + minor(totals!.credits as string)).toBe(
      minor(totals!.closing as string) + minor(totals!.debits as string),
    );
  });

  it("the reseller's contract ledger has no dispute line: its commission stays earned", async () => {
    const ledger = await page(ADMIN, 'getResellerContractLedger', { contractId });
    expect(ledger.rows.length).toBeGreaterThan(0);
    expect(ledger.rows.filter((r) => String(r.kind).startsWith('dispute.'))).toEqual([]);
    const mine = await page(RESELLER, 'getResellerContractLedger', { contractId });
    expect(mine.rows.length).toBe(ledger.rows.length);
  });

  it('the merchant statement has a disputes column: what lost disputes and kept fees took', async () => {
    const statement = await page(ADMIN, 'getMerchantStatement', {
      merchantId,
      currency: 'THB',
    });
    const [row] = statement.rows;
    const sums = await journalSums(MERCHANT_MONEY_PURPOSES);
    const journal = [...sums.values()].reduce((s, v) => s + v, 0n);
    // Holds net to zero over the merchant's accounts; 3030.00 + 505.00 lost, 20.00 kept.
    expect(sums.get('dispute.hold')).toBe(0n);
    expect(journal).toBe(-355_500n);
    expect(row!.disputes).toBe(THB(journal));
    expect(row!.adjustments).toBe(THB(0n));
    const movements = ['payins', 'payouts', 'settlements', 'top_ups', 'refunds', 'disputes'];
    expect(
      movements.reduce((s, c) => s + minor(row![c] as string), minor(row!.opening as string)),
    ).toBe(minor(row!.closing as string));
  });

  it('the merchant balance settlement shows lost to disputes and what open ones hold', async () => {
    const report = await page(ADMIN, 'getMerchantBalanceSettlement', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
    });
    const [row] = report.rows;
    expect(row).toMatchObject({
      disputes_lost: THB(355_500n),
      disputes_held: THB(70_700n),
      adjustments: THB(0n),
      difference: THB(0n),
    });
    const { rows } = await t.db.query<{ b: bigint }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS b FROM entries e
         JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE la.owner_id = $1 AND la.currency = 'THB' AND la.purpose = 'disputed'`,
      [merchantId],
    );
    expect(row!.disputes_held).toBe(THB(BigInt(rows[0]!.b)));
  });

  it('the daily transactions report counts every dispute, won and lost, and takes the lost ones and kept fees off its net', async () => {
    const report = await page(ADMIN, 'getDailyTransactionsReport', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
    });
    const [totals] = report.totals;
    // Fees: 30.00 + 5.00 of the lost ones and the 20.00 the gateway kept on a won one.
    expect(totals).toMatchObject({
      dispute_count: 5,
      dispute_success_count: 2,
      dispute_failed_count: 2,
      dispute_volume: THB(350_000n),
      dispute_fee: THB(5_500n),
    });
    // What the report says disputes took is what the journal took from the merchant's money.
    const sums = await journalSums(MERCHANT_MONEY_PURPOSES);
    const journal = [...sums.values()].reduce((s, v) => s + v, 0n);
    expect(minor(totals!.dispute_volume as string) + minor(totals!.dispute_fee as string)).toBe(
      -journal,
    );
    const fees = ['payin', 'payout', 'settlement', 'refund', 'dispute'].reduce(
      (s, k) => s + minor(totals![`${k}_fee`] as string),
      0n,
    );
    expect(minor(totals!.total_fee as string)).toBe(fees);
    expect(minor(totals!.available_net as string)).toBe(
      minor(totals!.payin_volume as string) -
        minor(totals!.settlement_volume as string) -
        minor(totals!.refund_volume as string) -
        350_000n -
        (fees - minor(totals!.payout_fee as string)),
    );
  });

  it('the profit reports count the lost disputes and kept fees: all gateway cost, no commission, no profit', async () => {
    const profit = await page(ADMIN, 'getProfitReport', { currency: 'THB' });
    const [totals] = profit.totals;
    expect(totals).toMatchObject({
      dispute_count: 2,
      dispute_volume: THB(350_000n),
      dispute_fee: THB(5_500n),
      dispute_gateway_cost: THB(5_500n),
      dispute_reseller_commission: THB(0n),
      dispute_platform_profit: THB(0n),
    });
    const reseller = await page(RESELLER, 'getProfitReport', { currency: 'THB' });
    expect(reseller.totals[0]).toMatchObject({
      dispute_count: 2,
      dispute_reseller_commission: THB(0n),
      dispute_gateway_cost: null,
    });
    const earning = await page(ADMIN, 'getDailyEarningReport', { currency: 'THB' });
    expect(earning.totals[0]).toMatchObject({ dispute_earning: THB(0n) });
    expect(minor(earning.totals[0]!.earning as string)).toBe(
      minor(totals!.total_platform_profit as string),
    );
  });

  it('the exports carry the dispute figures the screens show', async () => {
    const fields = { ...PERIOD, currency: 'THB' };
    const daily = await page(ADMIN, 'getDailyTransactionsReport', { ...fields });
    const dailyFile = await exported(ADMIN, 'getDailyTransactionsReport', fields);
    const disputeColumns = (r: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([k]) => k.startsWith('dispute_') || ['net', 'total_fee', 'day'].includes(k))
          .map(([k, v]) => [k, String(v)]),
      );
    expect(dailyFile.map(disputeColumns)).toEqual(daily.rows.map(disputeColumns));
    expect(dailyFile[0]).toMatchObject({ dispute_fee: THB(5_500n) });
    const profit = await page(ADMIN, 'getProfitReport', fields);
    const profitFile = await exported(ADMIN, 'getProfitReport', fields);
    expect(profitFile.map(disputeColumns)).toEqual(profit.rows.map(disputeColumns));
    expect(profitFile.some((r) => r.dispute_fee === THB(5_500n))).toBe(true);
    // The dispute list's file: each dispute's fee and the fee given back, as on screen.
    const list = await t.as<{ rows: Record<string, string>[] }>(ADMIN, 'getDisputeList', {
      pageSize: '100',
    });
    const listFile = await exported(ADMIN, 'getDisputeList', {});
    const feeColumns = (r: Record<string, unknown>) => [r.id, r.status, r.fee, r.returned_fee];
    expect(listFile.map(feeColumns).sort()).toEqual(list.data.rows.map(feeColumns).sort());
    expect(
      listFile
        .filter((r) => r.status === 'won')
        .map((r) => r.returned_fee)
        .sort(),
    ).toEqual([THB(0n), THB(1_000n)]);
  });

  it('migration 0851 takes a returned fee off the rollups written before a won fee was net', async () => {
    // The rollups as they were: the returned fee still counted (the migration, sign turned).
    // Its first statement wrote daily_rollups, which migration 0955 dropped.
    const reportHalf = (sql: string) => sql.slice(sql.indexOf('INSERT INTO report_halfhours'));
    const drift = await driftAroundMigration(
      t.db,
      '0851_dispute_kept_fee_rollups.sql',
      (sql) => sql.replaceAll('-sum(d.fee_returned)', 'sum(d.fee_returned)'),
      reportHalf,
    );
    expect(drift.before.join('\n')).toMatch(/report rollup drift: report \S+ \S+ dispute\/won/);
    expect(drift.after).toEqual([]);
  });

  it('leave the books clean', async () => {
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});
