import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatAmount,
  getListTotals,
  getPayinList,
  getPayoutList,
  getSettlementList,
  getSettlementWalletList,
  getTopUpList,
  getWithdrawalList,
  hasListTotals,
  MODULES,
  parseAmount,
  type CurrencyTotals,
  type FeeSplitTotals,
  type PayinStatus,
} from '@bo/contract';
import type { Actor } from '../../src/core/context';
import { buildCallRegistry } from '../../src/calls';
import { PAYIN_PROCESSING_ONLY, payinList } from '../../src/modules/payins/payins.queries';
import { settlementList, settlementsTo } from '../../src/modules/settlements/settlements.queries';
import {
  changePayins,
  createPayins,
  type NewPayin,
  type PayinChange,
} from '../../src/modules/payins/payins.service';
import { foldReportRollups } from '../../src/ledger/report-folding';
import { exportedCsvRows } from '../support/test-app';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
  saveTestWallet,
} from './support/money-app';

/**
 * `getListTotals` over HTTP: for every money list, several filters and every role, the totals
 * equal the sums of the rows `exportList` writes for the same fields, whether they were read
 * from the daily rollups (whole days) and the rows (part days), or from the rows alone.
 */
let t: MoneyApp;
let ids: Record<'admin' | 'mer1', string>;

const DAY = 86_400_000;
/** Midnight UTC of the first day the pay-ins are spread over (long past, so the sandbox leaves them be). */
const BASE = Date.UTC(2025, 2, 10);
/** Instants 5 h 7 min 11.123 s apart: over two weeks, at every hour of the day. */
const instant = (k: number) => new Date(BASE + k * (5 * 3_600_000 + 7 * 60_000 + 11_123));
const PLAN: readonly PayinStatus[] = ['success', 'processing', 'success', 'failed', 'expired'];

beforeAll(async () => {
  t = await startMoneyApp();
  await saveTestWallet(t, MERCHANT);
  ids = { admin: await t.accountId('ADM00001'), mer1: await t.accountId('MER00001') };
  const mer2 = await t.accountId('MER00002');
  const mer4 = await t.accountId('MER00004');
  // Amounts with every minor digit in use, so a sum that lost a digit would show.
  const items: NewPayin[] = [];
  const add = (merchantId: string, currency: string, amount: bigint, tag: string) =>
    items.push({
      merchantId,
      currency,
      amount,
      orderId: `tot-${tag}-${items.length}`,
      createdAt: instant(items.length),
    });
  for (let i = 0; i < 24; i++) add(ids.mer1, 'THB', 1_234_567n + BigInt(i) * 98_731n, 'm1');
  for (let i = 0; i < 8; i++) add(ids.mer1, 'MYR', 10_001n + BigInt(i) * 3_333n, 'm1');
  for (let i = 0; i < 6; i++) add(ids.mer1, 'VND', 1_000_003n * BigInt(i + 1), 'm1');
  for (let i = 0; i < 10; i++) add(mer2, 'THB', 777_777n + BigInt(i) * 1_009n, 'm2');
  for (let i = 0; i < 6; i++) add(mer4, 'MYR', 55_555n + BigInt(i) * 101n, 'm4');
  const created = await t.db.transaction((tx) => createPayins(tx, items));
  expect(created).toHaveLength(items.length);
  const changes: PayinChange[] = [];
  created.forEach((p, i) => {
    const plan = PLAN[i % PLAN.length]!;
    const at = (minutes: number) => new Date(p.created_at.getTime() + minutes * 60_000);
    if (plan === 'processing' || plan === 'success')
      changes.push({ id: p.id, status: 'processing', at: at(1), reference: `TOT-${i}` });
    if (plan === 'success') changes.push({ id: p.id, status: 'success', at: at(2) });
    if (plan === 'failed') changes.push({ id: p.id, status: 'failed', at: at(1) });
    if (plan === 'expired') changes.push({ id: p.id, status: 'expired', at: at(31) });
  });
  const results = await t.db.transaction((tx) => changePayins(tx, changes));
  expect(results.filter((r) => !r.applied)).toEqual([]);

  // A few rows in every other list: top-ups (one approved, one waiting), pay-outs from the
  // pay-out balance, settlements to bank and wallet from the pay-ins' net, withdrawals from
  // the reseller's commission.
  const ok = async (email: string, call: string, fields: Record<string, string>) => {
    const answer = await t.as<{ id: string }>(email, call, fields);
    expect(answer.status, `${call}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  const topUp = await ok(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount: '5000.07',
  });
  await ok(ADMIN2, 'approveTopUp', { id: topUp.id });
  await ok(ADMIN, 'createTopUp', { merchantDbCode: 'MER00002', currency: 'THB', amount: '12.34' });
  const bank = { bankName: 'Kasikorn', accountNumber: '123', accountHolder: 'Somchai' };
  for (const [orderId, amount] of [
    ['tot-po-1', '10.03'],
    ['tot-po-2', '7.51'],
    ['tot-po-3', '0.99'],
  ] as const)
    await ok(MERCHANT, 'createPayout', { currency: 'THB', amount, orderId, ...bank });
  await ok(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '100.01', ...bank });
  await ok(MERCHANT, 'requestSettlement', { currency: 'MYR', amount: '5.55', ...bank });
  await ok(MERCHANT, 'requestSettlementWallet', { currency: 'THB', amount: '20.02' });
  await ok(RESELLER, 'requestWithdrawal', { currency: 'THB', amount: '1.01', ...bank });
  await ok(RESELLER, 'requestWithdrawal', { currency: 'THB', amount: '2.50', ...bank });
});

afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Totals {
  totals: CurrencyTotals[];
  capped: boolean;
}

const totalsAs = (email: string, call: string, fields: Record<string, string> = {}) =>
  t.as<Totals>(email, getListTotals.name, { call, ...fields });

/** The rows `exportList` writes for these fields, as records by column name. */
const sessions = new Map<string, { accessToken: string; accessUsername: string }>();
async function exportedRows(email: string, call: string, fields: Record<string, string>) {
  const session = sessions.get(email) ?? (await t.signIn(email));
  sessions.set(email, session);
  return exportedCsvRows(t.app, session, call, fields);
}

/** The tables of the lists whose rows keep their fee split (a settlement no gateway cost). */
const SPLIT_TABLES: Record<string, string> = {
  getPayinList: 'payins',
  getPayoutList: 'payouts',
  getSettlementList: 'settlements',
  getSettlementWalletList: 'settlements',
};

/**
 * The fee split of the exported rows (their ids) per currency, from their table, with what
 * `email` may not see left null: a reseller sees its commission, a merchant none. Null for a
 * list whose rows keep no split.
 */
async function splitOfRows(
  email: string,
  call: string,
  rows: readonly Record<string, string>[],
): Promise<Map<string, FeeSplitTotals> | null> {
  const table = SPLIT_TABLES[call];
  if (!table) return null;
  const { rows: sums } = await t.db.query<Record<string, string>>(
    `SELECT currency, sum(reseller_commission)::text AS reseller_commission,
            sum(platform_profit)::text AS platform_profit,
            ${table === 'settlements' ? "'0'" : 'sum(gateway_cost)::text'} AS gateway_cost
       FROM ${table} WHERE id = ANY($1::uuid[]) GROUP BY currency`,
    [rows.map((r) => r.id)],
  );
  const role = [ADMIN, ADMIN2].includes(email)
    ? 'admin'
    : [RESELLER, RESELLER2].includes(email)
      ? 'reseller'
      : 'merchant';
  const shown = (s: Record<string, string>, part: string, seen: boolean) =>
    seen ? formatAmount(BigInt(s[part]!), s.currency!) : null;
  return new Map(
    sums.map((s) => [
      s.currency!,
      {
        gateway_cost: shown(s, 'gateway_cost', role === 'admin'),
        reseller_commission: shown(s, 'reseller_commission', role !== 'merchant'),
        platform_profit: shown(s, 'platform_profit', role === 'admin'),
      },
    ]),
  );
}

/**
 * The totals the exported rows add up to, as `getListTotals` writes them; their fee split
 * (`splits`, per currency) read from their table, as the rows' export has no such columns.
 */
function totalsOf(
  rows: readonly Record<string, string>[],
  splits: Map<string, FeeSplitTotals> | null,
): CurrencyTotals[] {
  const sums = new Map<string, { count: number; amount: bigint; fee: bigint; net: bigint }>();
  const minor = (text: string | undefined, currency: string) =>
    text ? parseAmount(text, currency)! : 0n;
  for (const row of rows) {
    const c = row.currency!;
    const s = sums.get(c) ?? { count: 0, amount: 0n, fee: 0n, net: 0n };
    s.count++;
    s.amount += minor(row.amount, c);
    s.fee += minor(row.fee, c);
    s.net += minor(row.net_amount, c);
    sums.set(c, s);
  }
  const hasFee = rows.length > 0 && 'fee' in rows[0]!;
  const hasNet = rows.length > 0 && 'net_amount' in rows[0]!;
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, s]) => ({
      currency,
      count: s.count,
      amount: formatAmount(s.amount, currency),
      fee: hasFee ? formatAmount(s.fee, currency) : null,
      net_amount: hasNet ? formatAmount(s.net, currency) : null,
      fee_split: splits ? splits.get(currency)! : null,
    }));
}

/** Expects the totals of `fields` to be what the export of the same fields adds up to. */
async function expectTotalsMatchExport(
  email: string,
  call: string,
  fields: Record<string, string>,
) {
  const answer = await totalsAs(email, call, fields);
  expect(answer.status, `${call} ${JSON.stringify(fields)}: ${answer.message}`).toBe(200);
  expect(answer.data.capped).toBe(false);
  const rows = await exportedRows(email, call, fields);
  const splits = await splitOfRows(email, call, rows);
  expect(answer.data.totals, `${email} ${call} ${JSON.stringify(fields)}`).toEqual(
    totalsOf(rows, splits),
  );
  return { totals: answer.data.totals, rows };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('getListTotals', () => {
  it('pay-ins: the totals equal the exported rows for every filter and scope', async () => {
    // From mid-morning of the second day to the afternoon of the tenth: whole days from the
    // rollups, both ends from the rows.
    const range = { from: iso(BASE + DAY + 9.5 * 3_600_000), to: iso(BASE + 9 * DAY + 15_000_123) };
    const cases: Record<string, string>[] = [
      {},
      { status: 'success' },
      { currency: 'THB' },
      range,
      { ...range, status: 'success', currency: 'THB' },
      { from: range.from },
      { to: range.to },
      // Whole UTC days exactly, and the last millisecond of a day (a row a microsecond later
      // would not match, so that day is read from the rows).
      { from: iso(BASE + 2 * DAY), to: iso(BASE + 5 * DAY) },
      { from: iso(BASE + 2 * DAY), to: iso(BASE + 5 * DAY - 1) },
      // Ending after the last row of its day, or just before a row of it.
      { from: range.from, to: iso(instant(53).getTime() + 1) },
      { from: range.from, to: iso(instant(52).getTime()) },
      // Inside one day: from the rows alone.
      { from: iso(BASE + 3 * DAY + 3_600_000), to: iso(BASE + 3 * DAY + 20 * 3_600_000) },
      { merchantDbCode: 'MER00002' },
      { resellerDbCode: 'RES00001', ...range },
      { gatewayCode: 'SBX-THB-1' },
      { processingOnly: '1' },
      { processingOnly: '1', status: 'success' },
      { search: 'tot-m1-3' },
      { amountMin: '10000.00', currency: 'THB' },
      { amountMax: '600.5' },
      // Page, size, sort and zone shape the page only.
      { page: '3', pageSize: '5', sort: 'amount', direction: 'asc', timeZone: 'India' },
    ];
    for (const fields of cases)
      for (const email of [ADMIN, RESELLER, RESELLER2, MERCHANT, SUB, MERCHANT2])
        await expectTotalsMatchExport(email, getPayinList.name, fields);

    // Each scope sees its own: the admin's THB count is the merchants' together.
    const thb = async (email: string) =>
      (await totalsAs(email, getPayinList.name, { currency: 'THB' })).data.totals[0]?.count ?? 0;
    expect(await thb(ADMIN)).toBe(34);
    expect(await thb(MERCHANT)).toBe(24);
    expect(await thb(MERCHANT2)).toBe(10);
    expect(await thb(SUB)).toBe(24);
    expect(await thb(RESELLER2)).toBe(0);
  });

  it('sums are exact decimals in each currency’s scale, fee and net included', async () => {
    const { rows } = await t.db.query<{
      currency: string;
      n: string;
      amount: string;
      fee: string;
      net: string;
    }>(
      `SELECT currency, count(*)::text AS n, sum(amount)::text AS amount, sum(fee)::text AS fee,
              sum(net_amount)::text AS net FROM payins WHERE merchant_account_id = $1
        GROUP BY currency ORDER BY currency`,
      [ids.mer1],
    );
    const answer = await totalsAs(MERCHANT, getPayinList.name);
    expect(answer.data.totals).toEqual(
      rows.map((r) => ({
        currency: r.currency,
        count: Number(r.n),
        amount: formatAmount(BigInt(r.amount), r.currency),
        fee: formatAmount(BigInt(r.fee), r.currency),
        net_amount: formatAmount(BigInt(r.net), r.currency),
        // A merchant sees none of its fees' split.
        fee_split: { gateway_cost: null, reseller_commission: null, platform_profit: null },
      })),
    );
    const byCurrency = Object.fromEntries(answer.data.totals.map((x) => [x.currency, x]));
    expect(byCurrency.THB!.amount).toMatch(/^\d+\.\d{2}$/);
    expect(byCurrency.VND!.amount).toMatch(/^\d+$/);
    expect(byCurrency.VND!.amount).toBe('21000063');
    // 24 THB pay-ins of 12,345.67 + i × 987.31: 296,296.08 + 987.31 × 276.
    expect(byCurrency.THB!.amount).toBe('568793.64');
  });

  it('every other money list: the totals equal the exported rows, per scope', async () => {
    const lists = [
      getPayoutList,
      getSettlementList,
      getSettlementWalletList,
      getWithdrawalList,
      getTopUpList,
    ];
    const roles = [ADMIN, RESELLER, MERCHANT, MERCHANT2];
    for (const def of lists)
      for (const email of roles) {
        const allowed = (await t.as(email, def.name, {})).status === 200;
        if (!allowed) {
          expect((await totalsAs(email, def.name)).status).toBe(403);
          continue;
        }
        for (const fields of [
          {},
          { currency: 'THB' },
          { status: def === getPayoutList ? 'pending_approval' : 'pending' },
          { pendingOnly: '1' },
          { inHouseOnly: '1' },
          { from: iso(Date.now() - 2 * DAY), to: iso(Date.now() + DAY) },
          { merchantDbCode: 'MER00001' },
          { resellerDbCode: 'RES00001' },
          { gatewayCode: 'SBX-THB-1' },
        ]) {
          const fieldsOfList = Object.fromEntries(
            Object.entries(fields).filter(([key]) => key in def.request.shape),
          );
          await expectTotalsMatchExport(email, def.name, fieldsOfList);
        }
      }
    // Something was added up in each: the rows made in beforeAll.
    const counted = async (def: { name: string }) =>
      (await totalsAs(ADMIN, def.name)).data.totals.reduce((n, x) => n + x.count, 0);
    expect(await counted(getPayoutList)).toBe(3);
    expect(await counted(getSettlementList)).toBe(2);
    expect(await counted(getSettlementWalletList)).toBe(1);
    expect(await counted(getWithdrawalList)).toBe(2);
    expect(await counted(getTopUpList)).toBe(2);
    const wallet = (await totalsAs(ADMIN, getSettlementWalletList.name)).data.totals;
    expect(wallet).toEqual([
      {
        currency: 'THB',
        count: 1,
        amount: '20.02',
        fee: expect.any(String),
        net_amount: null,
        fee_split: {
          gateway_cost: '0.00',
          reseller_commission: expect.any(String),
          platform_profit: expect.any(String),
        },
      },
    ]);
    const withdrawals = (await totalsAs(RESELLER, getWithdrawalList.name)).data.totals;
    expect(withdrawals).toEqual([
      { currency: 'THB', count: 2, amount: '3.51', fee: null, net_amount: null, fee_split: null },
    ]);
  });

  it('reads whole days from the rollups and the rest from the rows, or caps', async () => {
    const admin: Actor = {
      accountId: ids.admin,
      sessionId: 'totals-test',
      username: 'admin',
      email: ADMIN,
      accountType: 'admin',
      modules: MODULES,
      scopeAccountId: ids.admin,
      isSubAccount: false,
    };
    const read = (input: Record<string, string>, cap?: number) =>
      payinList.totals!(t.db, admin, { page: 1, pageSize: 25, ...input }, [], cap);
    const range = { from: iso(BASE + DAY + 1), to: iso(BASE + 6 * DAY + 7) };
    expect((await read(range)).source).toBe('rollups');
    expect((await read({})).source).toBe('rollups');
    expect((await read({ search: 'tot-m1-3' })).source).toBe('rows');
    // The rollups agree with the rows they stand for.
    const viaRows = await read({ ...range, amountMin: '0.01' });
    expect(viaRows.source).toBe('rows');
    expect((await read(range)).totals).toEqual(viaRows.totals);
    // The fee split too (the report rollups', beside the daily rollups' figures): not zeros.
    const thbSplit = viaRows.totals.find((x) => x.currency === 'THB')!.fee_split!;
    expect(Object.values(thbSplit).every((v) => v !== null && /[1-9]/.test(v))).toBe(true);
    // Past the cap the rows are not added up: capped, no totals. The rollups need no cap,
    // only the part days at the ends count.
    expect(await read({ amountMin: '0.01' }, 10)).toEqual({
      totals: [],
      capped: true,
      source: 'rows',
    });
    expect((await read({}, 0)).capped).toBe(false);
    expect((await read(range, 1)).capped).toBe(true);
    // The rollups count the rows left by the filters they keep (54, 34 in THB) before any
    // is read: past the cap the answer is capped even when few would match at the end.
    const everything = await read({ amountMin: '0.01' });
    expect(everything.totals.reduce((n, x) => n + x.count, 0)).toBe(54);
    expect(await read({ amountMin: '0.01' }, 54)).toEqual(everything);
    expect((await read({ amountMin: '0.01' }, 53)).capped).toBe(true);
    expect((await read({ amountMin: '50000', currency: 'THB' }, 33)).capped).toBe(true);
    expect(await read({ amountMin: '50000', currency: 'THB' }, 34)).toMatchObject({
      totals: [],
      capped: false,
    });
    // The day `to` falls in comes from the rollups when no row of it comes after `to` (the
    // last pay-in, 7 am on day 11), else from the rows (the one before it, at 2 am).
    const last = instant(53).getTime();
    expect(new Date(last).getUTCDate()).toBe(new Date(instant(52)).getUTCDate());
    expect(await read({ to: iso(last + 1) }, 0)).toEqual({ ...(await read({})), capped: false });
    expect((await read({ to: iso(instant(52).getTime()) }, 0)).capped).toBe(true);
    expect((await read({ to: iso(instant(52).getTime()) })).totals).toEqual(
      (await read({ to: iso(instant(52).getTime()), amountMin: '0.01' })).totals,
    );
    // A code filter a list has no condition for matches nothing, on its pages as here.
    const settlements = await settlementList.totals!(
      t.db,
      admin,
      { page: 1, pageSize: 25, gatewayCode: 'SBX-THB-1' },
      [settlementsTo('bank')],
      0,
    );
    expect(settlements).toEqual({ totals: [], capped: false, source: 'rows' });
    // A search finds its rows through an index: never counted first.
    expect((await read({ search: 'tot-m1-3' }, 1)).totals).toMatchObject([
      { currency: 'THB', count: 1 },
    ]);
    // A call's own status set is read from the rollups too; bare SQL only from the rows.
    const processing = await payinList.totals!(t.db, admin, { page: 1, pageSize: 25 }, [
      PAYIN_PROCESSING_ONLY,
    ]);
    expect(processing.source).toBe('rollups');
    // 54 pay-ins, every fifth from the second left processing.
    expect(processing.totals.reduce((n, x) => n + x.count, 0)).toBe(11);
    const bare = await payinList.totals!(t.db, admin, { page: 1, pageSize: 25 }, [
      `p.status IN ('created', 'processing')`,
    ]);
    expect(bare).toEqual({ ...processing, source: 'rows' });

    // Folded into days, months and all time (the money jobs' fold), the same totals: no range
    // from the all-time rows, whole months from the month rows, the days around them from the
    // day rows (issue 46).
    const before = await Promise.all([read({}), read(range), read({ to: iso(last + 1) })]);
    const inMarch = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-31T23:59:59.000Z' };
    const march = await read(inMarch);
    expect(march).toEqual({ ...before[0], source: 'rollups' });
    while ((await foldReportRollups(t.db, new Date(Date.now() + DAY))) > 0);
    const { rows: folded } = await t.db.query<{ months: string; totals: string; buckets: string }>(
      `SELECT (SELECT count(*) FROM report_months WHERE kind = 'payin')::text AS months,
              (SELECT count(*) FROM report_totals WHERE kind = 'payin')::text AS totals,
              (SELECT count(*) FROM report_halfhours WHERE kind = 'payin')::text AS buckets`,
    );
    expect(folded[0]).toMatchObject({ buckets: '0' });
    expect(Number(folded[0]!.months) * Number(folded[0]!.totals)).toBeGreaterThan(0);
    expect(await Promise.all([read({}), read(range), read({ to: iso(last + 1) })])).toEqual(before);
    expect(await read(inMarch)).toEqual(march);
    expect((await read({ ...range, amountMin: '0.01' })).totals).toEqual(viaRows.totals);
  });

  it('status counts of a list with no range come from the rollups and equal the rows counted', async () => {
    type Page = { status_counts: Record<string, number>; total: number };
    const counts = async (email: string, call: string, fields: Record<string, string>) => {
      const answer = await t.as<Page>(email, call, { page: '1', pageSize: '5', ...fields });
      expect(answer.status, `${call}: ${answer.message}`).toBe(200);
      return answer.data;
    };
    // With a range the rows are counted one by one: the same counts, from the other path.
    const allTime = { from: iso(Date.UTC(2000, 0, 1)) };
    const lists = [getPayinList, getPayoutList, getSettlementList, getTopUpList, getWithdrawalList];
    for (const def of lists)
      for (const email of [ADMIN, RESELLER, MERCHANT, MERCHANT2, SUB])
        for (const fields of [
          {},
          { currency: 'THB' },
          { merchantDbCode: 'MER00001' },
          { resellerDbCode: 'RES00001' },
          { gatewayCode: 'SBX-THB-1' },
        ]) {
          const own = Object.fromEntries(
            Object.entries(fields).filter(([key]) => key in def.request.shape),
          );
          if ((await t.as(email, def.name, {})).status !== 200) continue;
          const rolled = await counts(email, def.name, own);
          const rows = await counts(email, def.name, { ...own, ...allTime });
          expect(rolled, `${def.name} ${email} ${JSON.stringify(own)}`).toEqual(rows);
        }
    const admin = await counts(ADMIN, getPayinList.name, {});
    expect(admin.status_counts.success).toBeGreaterThan(0);
    expect(admin.status_counts.expired).toBeGreaterThan(0);
    // Read from the all-time rollups: a row added to them shows in the counts, not in the rows'.
    while ((await foldReportRollups(t.db, new Date(Date.now() + DAY))) > 0);
    const shift = (by: number) =>
      t.db.query(
        `UPDATE report_totals SET count = count + ${by}
          WHERE (zone, owner_account_id, currency, kind, status, gateway_code) IN (
                SELECT zone, owner_account_id, currency, kind, status, gateway_code FROM report_totals
                 WHERE zone = 'UTC' AND kind = 'payin' AND status = 'success' LIMIT 1)`,
      );
    await shift(1);
    const shifted = await counts(ADMIN, getPayinList.name, {});
    await shift(-1);
    expect(shifted.status_counts.success).toBe(admin.status_counts.success! + 1);
    expect((await counts(ADMIN, getPayinList.name, allTime)).status_counts).toEqual(
      admin.status_counts,
    );
  });

  it('refuses a bad call name or filter (400 naming the field) and a caller without access', async () => {
    const refused = async (
      email: string,
      fields: Record<string, string>,
      status: number,
      startsWith = '',
    ) => {
      const answer = await t.as(email, getListTotals.name, fields);
      expect(answer.status, answer.message).toBe(status);
      expect(answer.message.startsWith(startsWith), answer.message).toBe(true);
    };
    await refused(ADMIN, {}, 400, 'call ');
    await refused(ADMIN, { call: 'getNothingList' }, 400, 'call ');
    await refused(ADMIN, { call: 'getUserFullData' }, 400, 'call ');
    await refused(ADMIN, { call: 'getPayinList', amountMin: 'abc' }, 400, 'amountMin ');
    await refused(ADMIN, { call: 'getPayinList', status: 'nope' }, 400, 'status ');
    await refused(ADMIN, { call: 'getPayinList', from: 'yesterday' }, 400, 'from ');
    await refused(ADMIN, { call: 'getPayoutList', currency: 'XXX' }, 400, 'currency ');
    await refused(MERCHANT, { call: 'getWithdrawalList' }, 403);
    await refused(RESELLER, { call: 'getTopUpList' }, 403);
    const anonymous = await t.call(getListTotals.name, { call: 'getPayinList' });
    expect(anonymous.status).toBe(440);
  });

  it('every list call with money rows has totals on the server', () => {
    const registry = buildCallRegistry();
    const money = registry
      .names()
      .map((name) => registry.get(name)!.def)
      .filter(hasListTotals)
      .map((def) => def.name)
      .sort();
    // Lists of other areas join as they come (withdrawal history, reports); these must be there.
    expect(money).toEqual(
      expect.arrayContaining(
        [
          getPayinList,
          getPayoutList,
          getSettlementList,
          getSettlementWalletList,
          getTopUpList,
          getWithdrawalList,
        ].map((d) => d.name),
      ),
    );
    for (const name of money) expect(registry.exportable(name)?.totals).toBeDefined();
  });
});
