import { strFromU8, unzipSync } from 'fflate';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellKindOf,
  currencyInfo,
  formatAmount,
  formatInTimeZone,
  getPayinList,
  getPayoutList,
  getSettlementList,
  getSettlementWalletList,
  getTopUpList,
  getWithdrawalList,
  MODULES,
  PAYIN_STATUSES,
  type CallDef,
  type PayinRow,
  type PayinStatus,
  type TimezoneChoice,
} from '@bo/contract';
import type { Actor } from '../../src/core/context';
import { payinList } from '../../src/modules/payins/payins.queries';
import {
  changePayins,
  createPayins,
  type NewPayin,
  type PayinChange,
} from '../../src/modules/payins/payins.service';
import { encodeMultipart } from '../support/test-app';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/**
 * The scoped lists (`getPayinList` over HTTP), their chunked reads and the export, on a known
 * set of pay-ins: every expectation is recomputed here from the rows read back with SQL.
 */
let t: MoneyApp;

/** A pay-in as read back from the database, with the codes the filters name. */
interface Payin {
  id: string;
  order_id: string;
  merchant_code: string;
  reseller_account_id: string | null;
  currency: string;
  amount: bigint;
  status: PayinStatus;
  gateway_code: string;
  gateway_reference: string;
  created_at: Date;
  updated_at: Date;
}

interface Page {
  rows: PayinRow[];
  total: number;
  page: number;
  page_size: number;
  status_counts?: Record<string, number>;
  total_is_capped?: boolean;
}

let all: Payin[] = [];
let ids: Record<'admin' | 'mer1' | 'mer2' | 'mer4' | 'res1' | 'res2', string>;
let topUpId = '';

const BASE = Date.UTC(2025, 4, 1, 1, 2, 3, 0);
/** Distinct instants: 17 minutes and 123 ms apart. */
const instant = (k: number) => new Date(BASE + k * (17 * 60_000 + 123));
const PLAN: readonly PayinStatus[] = ['created', 'processing', 'success', 'failed', 'expired'];
const planOf = (i: number) => PLAN[i % PLAN.length]!;

beforeAll(async () => {
  t = await startMoneyApp();
  ids = {
    admin: await t.accountId('ADM00001'),
    mer1: await t.accountId('MER00001'),
    mer2: await t.accountId('MER00002'),
    mer4: await t.accountId('MER00004'),
    res1: await t.accountId('RES00001'),
    res2: await t.accountId('RES00002'),
  };
  const items: NewPayin[] = [];
  let k = 0;
  const thb1: NewPayin[] = [];
  // MER00001, THB: 30 pay-ins with distinct times and few distinct amounts (ties), among
  // them 100.00 and 100.01 around the bounds the amount filter rounds to.
  const thbAmounts = [10_000n, 10_001n, 25_050n, 10_000n, 500n, 25_050n, 10_050n];
  for (let i = 0; i < 30; i++) {
    thb1.push({
      merchantId: ids.mer1,
      orderId: i === 7 ? 'shared-order' : `m1-thb-${i}`,
      currency: 'THB',
      amount: thbAmounts[i % thbAmounts.length]!,
      createdAt: instant(k++),
    });
  }
  items.push(...thb1);
  [10_000n, 10_001n, 777n, 10_000n].forEach((amount, i) =>
    items.push({
      merchantId: ids.mer1,
      orderId: `m1-myr-${i}`,
      currency: 'MYR',
      amount,
      createdAt: instant(k++),
    }),
  );
  // VND has no decimals: a bound of 100.5 is 101 there, 100.50 in THB and MYR.
  [100n, 101n, 5_000n].forEach((amount, i) =>
    items.push({
      merchantId: ids.mer1,
      orderId: `m1-vnd-${i}`,
      currency: 'VND',
      amount,
      createdAt: instant(k++),
    }),
  );
  // MER00002, THB: created at the same instants as some of MER00001's (ties on the time).
  for (let i = 0; i < 10; i++) {
    items.push({
      merchantId: ids.mer2,
      orderId: i === 3 ? 'shared-order' : `m2-thb-${i}`,
      currency: 'THB',
      amount: [10_000n, 3_333n, 25_050n][i % 3]!,
      createdAt: thb1[i * 3]!.createdAt,
    });
  }
  // MER00004 belongs to the other reseller.
  [10_000n, 2_000n, 10_000n, 4_500n].forEach((amount, i) =>
    items.push({
      merchantId: ids.mer4,
      orderId: `m4-myr-${i}`,
      currency: 'MYR',
      amount,
      createdAt: instant(k++),
    }),
  );
  const created = await t.db.transaction((tx) => createPayins(tx, items));
  expect(created).toHaveLength(items.length);

  // Move them by a plan; a success goes through processing in the same batch.
  const changes: PayinChange[] = [];
  created.forEach((p, i) => {
    const plan = planOf(i);
    const later = (minutes: number) => new Date(p.created_at.getTime() + minutes * 60_000);
    const reference = `GWREF-${p.order_id}-${p.merchant_account_id.slice(0, 4)}`;
    if (plan === 'processing' || plan === 'success')
      changes.push({ id: p.id, status: 'processing', at: later(1), reference });
    if (plan === 'success') changes.push({ id: p.id, status: 'success', at: later(2) });
    if (plan === 'failed') changes.push({ id: p.id, status: 'failed', at: later(1) });
    if (plan === 'expired') changes.push({ id: p.id, status: 'expired', at: later(31) });
  });
  const results = await t.db.transaction((tx) => changePayins(tx, changes));
  expect(results.filter((r) => !r.applied)).toEqual([]);

  const { rows } = await t.db.query<Payin>(
    `SELECT p.id, p.order_id, m.account_db_code AS merchant_code, p.reseller_account_id,
            p.currency, p.amount, p.status, g.payment_gateway_code AS gateway_code,
            p.gateway_reference, p.created_at, p.updated_at
       FROM payins p JOIN accounts m ON m.id = p.merchant_account_id
       JOIN payment_gateways g ON g.id = p.gateway_id`,
  );
  all = rows;
  expect(all).toHaveLength(items.length);

  const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount: '50.00',
    note: 'for the export',
  });
  expect(topUp.status).toBe(200);
  topUpId = topUp.data.id;
});

afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const cmp = <T extends bigint | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
type Sort = 'created_at' | 'updated_at' | 'amount';
const keyOf = (p: Payin, sort: Sort) => (sort === 'amount' ? p.amount : BigInt(p[sort].getTime()));

/** The rows in the order a list gives: by the sort column, then by id, both one way. */
function ordered(rows: readonly Payin[], sort: Sort = 'created_at', direction = 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (cmp(keyOf(a, sort), keyOf(b, sort)) || cmp(a.id, b.id)));
}
const idsOf = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
const where = (test: (p: Payin) => boolean) => ordered(all.filter(test));

async function list(email: string, fields: Record<string, string> = {}): Promise<Page> {
  const answer = await t.as<Page>(email, getPayinList.name, { pageSize: '200', ...fields });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

/** Every page of a list call, `pageSize` at a time. */
async function allPages(email: string, fields: Record<string, string>, pageSize: number) {
  const rows: PayinRow[] = [];
  const first = await list(email, { ...fields, pageSize: String(pageSize), page: '1' });
  rows.push(...first.rows);
  for (let page = 2; (page - 1) * pageSize < first.total; page++)
    rows.push(
      ...(await list(email, { ...fields, pageSize: String(pageSize), page: String(page) })).rows,
    );
  expect(rows).toHaveLength(first.total);
  return rows;
}

/** Expects the list to hold exactly `expected`, in that order, with a matching total. */
async function expectList(email: string, fields: Record<string, string>, expected: Payin[]) {
  const page = await list(email, fields);
  expect(idsOf(page.rows)).toEqual(idsOf(expected));
  expect(page.total).toBe(expected.length);
  return page;
}

const countsOf = (rows: readonly Payin[]) =>
  Object.fromEntries(PAYIN_STATUSES.map((s) => [s, rows.filter((p) => p.status === s).length]));

describe('list rows', () => {
  it("name each pay-in's reseller as the accounts table has it", async () => {
    const { rows: expected } = await t.db.query<{ id: string; code: string | null }>(
      `SELECT p.id, r.account_db_code AS code FROM payins p
         LEFT JOIN accounts r ON r.id = p.reseller_account_id`,
    );
    const byId = new Map(expected.map((e) => [e.id, e.code]));
    const page = await list(ADMIN);
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows as unknown as { id: string; reseller_db_code: string | null }[])
      expect(row.reseller_db_code, row.id).toBe(byId.get(row.id));
    expect(page.rows.some((row) => (row as { reseller_db_code?: string }).reseller_db_code)).toBe(
      true,
    );
  });
});

describe('list scope', () => {
  it('an admin sees every pay-in, newest first', async () => {
    const page = await expectList(ADMIN, {}, ordered(all));
    expect(page.status_counts).toEqual(countsOf(all));
    expect(page.total_is_capped).toBeUndefined();
  });

  it('a merchant and its sub-account see only the merchant’s pay-ins', async () => {
    const own = where((p) => p.merchant_code === 'MER00001');
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    await expectList(MERCHANT, {}, own);
    await expectList(SUB, {}, own);
    await expectList(
      MERCHANT2,
      {},
      where((p) => p.merchant_code === 'MER00002'),
    );
  });

  it('a reseller sees its merchants’ pay-ins only', async () => {
    const { rows } = await t.db.query<{ account_db_code: string; reseller_account_id: string }>(
      `SELECT account_db_code, reseller_account_id FROM accounts
        WHERE account_type = 'merchant' AND parent_account_id IS NULL`,
    );
    const merchantsOf = (reseller: string) =>
      new Set(rows.filter((r) => r.reseller_account_id === reseller).map((r) => r.account_db_code));
    const first = where((p) => merchantsOf(ids.res1).has(p.merchant_code));
    const second = where((p) => merchantsOf(ids.res2).has(p.merchant_code));
    // Both resellers have some of the pay-ins, neither has all.
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    expect(first.length + second.length).toBe(all.length);
    await expectList(RESELLER, {}, first);
    await expectList(RESELLER2, {}, second);
  });

  it('a code filter outside the scope finds nothing', async () => {
    const mine = await expectList(MERCHANT, { merchantDbCode: 'MER00002' }, []);
    expect(mine.status_counts).toEqual(countsOf([]));
    await expectList(RESELLER, { merchantDbCode: 'MER00004' }, []);
    await expectList(RESELLER2, { merchantDbCode: 'MER00001' }, []);
    await expectList(
      RESELLER,
      { merchantDbCode: 'MER00002' },
      where((p) => p.merchant_code === 'MER00002'),
    );
    await expectList(ADMIN, { merchantDbCode: 'NOPE0000' }, []);
  });

  it('a search finds an order id only within the scope', async () => {
    const shared = where((p) => p.order_id === 'shared-order');
    expect(shared).toHaveLength(2);
    await expectList(ADMIN, { search: 'shared-order' }, shared);
    await expectList(
      MERCHANT,
      { search: 'shared-order' },
      shared.filter((p) => p.merchant_code === 'MER00001'),
    );
    await expectList(
      MERCHANT2,
      { search: 'shared-order' },
      shared.filter((p) => p.merchant_code === 'MER00002'),
    );
    // Another merchant's pay-in id is not found either.
    const other = all.find((p) => p.merchant_code === 'MER00002')!;
    await expectList(MERCHANT, { search: other.id }, []);
  });
});

describe('list filters', () => {
  it('status, currency and the processing-only flag', async () => {
    for (const status of PAYIN_STATUSES)
      await expectList(
        ADMIN,
        { status },
        where((p) => p.status === status),
      );
    expect(new Set(all.map((p) => p.status)).size).toBeGreaterThanOrEqual(5);
    for (const currency of ['THB', 'MYR', 'VND', 'INR'])
      await expectList(
        ADMIN,
        { currency },
        where((p) => p.currency === currency),
      );
    await expectList(
      ADMIN,
      { processingOnly: '1' },
      where((p) => p.status === 'created' || p.status === 'processing'),
    );
  });

  it('from and to are inclusive bounds on the creation time', async () => {
    const times = [...new Set(all.map((p) => p.created_at.getTime()))].sort((a, b) => a - b);
    const from = new Date(times[5]!);
    const to = new Date(times[20]!);
    const expected = where((p) => p.created_at >= from && p.created_at <= to);
    // The rows created exactly at the bounds are in.
    expect(expected.some((p) => p.created_at.getTime() === from.getTime())).toBe(true);
    expect(expected.some((p) => p.created_at.getTime() === to.getTime())).toBe(true);
    await expectList(ADMIN, { from: from.toISOString(), to: to.toISOString() }, expected);
    // One millisecond inside each bound leaves those rows out.
    await expectList(
      ADMIN,
      {
        from: new Date(from.getTime() + 1).toISOString(),
        to: new Date(to.getTime() - 1).toISOString(),
      },
      expected.filter(
        (p) => p.created_at.getTime() !== from.getTime() && p.created_at.getTime() !== to.getTime(),
      ),
    );
    // An offset other than Z names the same instant.
    const eight = new Date(from.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    await expectList(
      ADMIN,
      { from: eight },
      where((p) => p.created_at >= from),
    );
  });

  it('the search box finds an order id, a pay-in id or a gateway reference, exactly', async () => {
    const one = all.find((p) => p.order_id === 'm1-thb-4')!;
    await expectList(ADMIN, { search: 'm1-thb-4' }, [one]);
    await expectList(ADMIN, { search: '  m1-thb-4  ' }, [one]);
    await expectList(ADMIN, { search: 'm1-thb' }, []);
    const byId = all.find((p) => p.order_id === 'm1-myr-2')!;
    await expectList(ADMIN, { search: byId.id }, [byId]);
    await expectList(ADMIN, { search: byId.id.toUpperCase() }, [byId]);
    // A success keeps the reference its processing step brought.
    const referenced = all.filter((p) => p.gateway_reference !== '');
    expect(referenced.some((p) => p.status === 'success')).toBe(true);
    // A merchant finds its own by reference, never another merchant's.
    const mine = referenced.find((p) => p.merchant_code === 'MER00001')!;
    const theirs = referenced.find((p) => p.merchant_code === 'MER00002')!;
    await expectList(MERCHANT, { search: mine.gateway_reference }, [mine]);
    await expectList(MERCHANT, { search: theirs.gateway_reference }, []);
    await expectList(ADMIN, { search: theirs.gateway_reference }, [theirs]);
    const success = referenced.find((p) => p.status === 'success')!;
    const found = await expectList(ADMIN, { search: success.gateway_reference }, [success]);
    // The row shows the reference it was found by (the lists' "gateway reference" column).
    expect((found.rows[0] as { gateway_reference?: string }).gateway_reference).toBe(
      success.gateway_reference,
    );
    await expectList(ADMIN, { search: 'no-such-thing' }, []);
  });

  it('amount bounds in one currency round inward: a minimum up, a maximum down', async () => {
    const thb = (test: (minor: bigint) => boolean) =>
      where((p) => p.currency === 'THB' && test(p.amount));
    // THB has two decimals: 100.001 is at least 100.01; 100.009 at most 100.00.
    const atLeast = thb((a) => a >= 10_001n);
    const atMost = thb((a) => a <= 10_000n);
    expect(atLeast.some((p) => p.amount === 10_001n)).toBe(true);
    expect(atMost.some((p) => p.amount === 10_000n)).toBe(true);
    await expectList(ADMIN, { currency: 'THB', amountMin: '100.001' }, atLeast);
    await expectList(ADMIN, { currency: 'THB', amountMax: '100.009' }, atMost);
    await expectList(
      ADMIN,
      { currency: 'THB', amountMin: '100', amountMax: '100.00' },
      thb((a) => a === 10_000n),
    );
    await expectList(
      ADMIN,
      { currency: 'THB', amountMin: '100.00000001', amountMax: '100.01999999' },
      thb((a) => a === 10_001n),
    );
    // Zeros past the scale cut nothing.
    await expectList(ADMIN, { currency: 'THB', amountMin: '100.01000000' }, atLeast);
  });

  it('amount bounds without a currency are read in each row’s own scale', async () => {
    const minor: Record<string, { min: bigint; max: bigint }> = {
      THB: { min: 10_050n, max: 10_050n },
      MYR: { min: 10_050n, max: 10_050n },
      VND: { min: 101n, max: 100n },
    };
    const min = where((p) => p.amount >= minor[p.currency]!.min);
    const max = where((p) => p.amount <= minor[p.currency]!.max);
    expect(min.some((p) => p.currency === 'VND' && p.amount === 101n)).toBe(true);
    expect(max.some((p) => p.currency === 'VND' && p.amount === 100n)).toBe(true);
    expect(min.some((p) => p.currency === 'THB' && p.amount === 10_050n)).toBe(true);
    await expectList(ADMIN, { amountMin: '100.5' }, min);
    await expectList(ADMIN, { amountMax: '100.5' }, max);
  });

  it('gateway, merchant and reseller codes', async () => {
    const gateways = [...new Set(all.map((p) => p.gateway_code))].sort();
    expect(gateways).toEqual(expect.arrayContaining(['SBX-THB-1', 'SBX-THB-2', 'SBX-MYR-1']));
    for (const code of gateways)
      await expectList(
        ADMIN,
        { gatewayCode: code },
        where((p) => p.gateway_code === code),
      );
    await expectList(ADMIN, { gatewayCode: 'NO-SUCH' }, []);
    for (const code of ['MER00001', 'MER00002', 'MER00004'])
      await expectList(
        ADMIN,
        { merchantDbCode: code },
        where((p) => p.merchant_code === code),
      );
    await expectList(
      ADMIN,
      { resellerDbCode: 'RES00002' },
      where((p) => p.reseller_account_id === ids.res2),
    );
  });

  it('sorts by amount either way, ties broken by id in the same direction', async () => {
    for (const direction of ['asc', 'desc']) {
      const expected = ordered(all, 'amount', direction);
      // There are ties to break.
      expect(new Set(expected.map((p) => p.amount)).size).toBeLessThan(expected.length / 3);
      const page = await expectList(ADMIN, { sort: 'amount', direction }, expected);
      expect(page.rows.map((r) => r.amount)).toEqual(
        expected.map((p) => formatAmount(p.amount, p.currency)),
      );
    }
    await expectList(
      ADMIN,
      { sort: 'updated_at', direction: 'asc' },
      ordered(all, 'updated_at', 'asc'),
    );
    await expectList(ADMIN, { direction: 'asc' }, ordered(all, 'created_at', 'asc'));
  });

  it('pages are windows of the full ordering', async () => {
    const cases: [Record<string, string>, Sort, string][] = [
      [{}, 'created_at', 'desc'],
      [{ sort: 'amount', direction: 'asc' }, 'amount', 'asc'],
      [{ sort: 'amount' }, 'amount', 'desc'],
    ];
    for (const [fields, sort, direction] of cases) {
      const full = ordered(all, sort, direction);
      const page2 = await list(ADMIN, { ...fields, pageSize: '7', page: '2' });
      expect(idsOf(page2.rows)).toEqual(idsOf(full.slice(7, 14)));
      expect(page2).toMatchObject({ total: full.length, page: 2, page_size: 7 });
      const lastPage = Math.ceil(full.length / 7);
      const last = await list(ADMIN, { ...fields, pageSize: '7', page: String(lastPage) });
      expect(idsOf(last.rows)).toEqual(idsOf(full.slice((lastPage - 1) * 7)));
      const beyond = await list(ADMIN, { ...fields, pageSize: '7', page: String(lastPage + 1) });
      expect(beyond).toMatchObject({ rows: [], total: full.length });
      expect(idsOf(await allPages(ADMIN, fields, 7))).toEqual(idsOf(full));
    }
  });

  it('counts per status ignore the status filter but keep every other one', async () => {
    const fields = { currency: 'THB', merchantDbCode: 'MER00001', amountMin: '100' };
    const matching = all.filter(
      (p) => p.currency === 'THB' && p.merchant_code === 'MER00001' && p.amount >= 10_000n,
    );
    for (const status of ['success', 'created']) {
      const page = await expectList(
        ADMIN,
        { ...fields, status },
        ordered(matching.filter((p) => p.status === status)),
      );
      expect(page.status_counts).toEqual(countsOf(matching));
    }
    // The counts are not the whole table's.
    expect(countsOf(matching)).not.toEqual(countsOf(all));
    const page = await list(MERCHANT2, { status: 'failed' });
    expect(page.status_counts).toEqual(countsOf(all.filter((p) => p.merchant_code === 'MER00002')));
  });

  it('a bad field answers 400 naming it', async () => {
    const bad: [string, string][] = [
      ['amountMin', 'abc'],
      ['amountMax', '1.123456789'],
      ['amountMin', '-5'],
      ['sort', 'nope'],
      ['direction', 'up'],
      ['status', 'paid'],
      ['currency', 'XXX'],
      ['from', 'yesterday'],
      ['to', '2025-13-45'],
      ['pageSize', '500'],
      ['page', '0'],
      ['timeZone', 'Mars'],
      // Instants a database timestamp can't hold are refused, not sent on (they used to be a 500).
      ['from', '+010000-01-01T00:00:00Z'],
      ['to', '-000001-01-01T00:00:00Z'],
      ['from', '+275760-09-13T00:00:00.000Z'],
    ];
    for (const [field, value] of bad) {
      const answer = await t.as(ADMIN, getPayinList.name, { [field]: value });
      expect({ field, value, status: answer.status }).toEqual({ field, value, status: 400 });
      expect(answer.message.startsWith(`${field} `), answer.message).toBe(true);
    }
  });
});

describe('amount bounds past what an amount column holds', () => {
  // 18 whole digits pass the contract but overflow bigint once scaled (they used to be a 500).
  it('a minimum there matches nothing, a maximum there matches everything', async () => {
    for (const fields of <Record<string, string>[]>[
      { currency: 'THB', amountMin: '92233720368547759' },
      { amountMin: '9223372036855' },
      { amountMin: '999999999999999999.99' },
    ])
      await expectList(ADMIN, fields, []);
    await expectList(
      ADMIN,
      { currency: 'THB', amountMax: '92233720368547759' },
      where((p) => p.currency === 'THB'),
    );
    await expectList(
      ADMIN,
      { amountMax: '9223372036855' },
      where(() => true),
    );
    await expectList(
      ADMIN,
      { amountMin: '100', amountMax: '99999999999999' },
      where((p) => p.amount >= 100n * 10n ** BigInt(currencyInfo(p.currency).scale)),
    );
  });
});

describe('list chunks', () => {
  const actorOf = (accountType: 'admin' | 'merchant', accountId: string, email: string): Actor => ({
    accountId,
    sessionId: 'list-test',
    username: email.split('@')[0]!,
    email,
    accountType,
    modules: MODULES,
    scopeAccountId: accountId,
    isSubAccount: false,
  });

  async function read(actor: Actor, input: Record<string, string>, chunk: number) {
    const chunks: { id: string }[][] = [];
    for await (const rows of payinList.chunks(
      t.db,
      actor,
      { page: 1, pageSize: 25, ...input },
      [],
      chunk,
    ))
      chunks.push(rows);
    return chunks;
  }

  /** Whether some chunk boundary falls between two rows of equal sort key. */
  const tieAtBoundary = (rows: readonly Payin[], sort: Sort, chunk: number) =>
    rows.some((p, i) => i > 0 && i % chunk === 0 && keyOf(p, sort) === keyOf(rows[i - 1]!, sort));

  it('yield the full ordering, four at a time, across ties at the boundaries', async () => {
    const admin = actorOf('admin', ids.admin, ADMIN);
    const cases: [Record<string, string>, Sort, string][] = [
      [{}, 'created_at', 'desc'],
      [{ direction: 'asc' }, 'created_at', 'asc'],
      [{ sort: 'amount', direction: 'asc' }, 'amount', 'asc'],
      [{ sort: 'amount', direction: 'desc' }, 'amount', 'desc'],
      [{ sort: 'updated_at' }, 'updated_at', 'desc'],
    ];
    for (const [input, sort, direction] of cases) {
      const expected = ordered(all, sort, direction);
      const chunks = await read(admin, input, 4);
      expect(chunks.map((c) => c.length)).toEqual(
        Array.from({ length: Math.ceil(expected.length / 4) }, (_v, i) =>
          Math.min(4, expected.length - i * 4),
        ),
      );
      expect(idsOf(chunks.flat())).toEqual(idsOf(expected));
      // The chunks equal the list call's pages.
      expect(idsOf(chunks.flat())).toEqual(idsOf(await allPages(ADMIN, input, 9)));
    }
    // The amount orders do split equal amounts across chunks, and so does the time order
    // (another merchant's pay-ins share creation times).
    expect(tieAtBoundary(ordered(all, 'amount', 'asc'), 'amount', 4)).toBe(true);
    expect(tieAtBoundary(ordered(all, 'amount', 'desc'), 'amount', 4)).toBe(true);
  });

  it('keep the scope and the filters; a multiple of the chunk size ends cleanly', async () => {
    const merchant = actorOf('merchant', ids.mer1, MERCHANT);
    const input = { currency: 'THB', sort: 'amount', direction: 'desc' };
    const expected = ordered(
      all.filter((p) => p.merchant_code === 'MER00001' && p.currency === 'THB'),
      'amount',
      'desc',
    );
    expect(tieAtBoundary(expected, 'amount', 3)).toBe(true);
    expect(idsOf((await read(merchant, input, 3)).flat())).toEqual(idsOf(expected));
    // 30 rows in chunks of 5 and of 30: no empty chunk at the end.
    expect(expected).toHaveLength(30);
    expect((await read(merchant, input, 5)).map((c) => c.length)).toEqual([5, 5, 5, 5, 5, 5]);
    expect((await read(merchant, input, 30)).map((c) => c.length)).toEqual([30]);
    const byStatus = ordered(
      all.filter((p) => p.merchant_code === 'MER00001' && p.status === 'success'),
    );
    expect(idsOf((await read(merchant, { status: 'success' }, 2)).flat())).toEqual(idsOf(byStatus));
    expect(await read(merchant, { merchantDbCode: 'MER00002' }, 4)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------

const sessions = new Map<string, { accessToken: string; accessUsername: string }>();
async function sessionOf(email: string) {
  let s = sessions.get(email);
  if (!s) {
    s = await t.signIn(email);
    sessions.set(email, s);
  }
  return s;
}

async function exportRequest(fields: Record<string, string>) {
  const { body, contentType } = await encodeMultipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/controller/admin/exportList',
    payload: body,
    headers: { 'content-type': contentType },
    remoteAddress: '198.51.100.7',
  });
}
const exportAs = async (email: string, fields: Record<string, string>) =>
  exportRequest({ ...(await sessionOf(email)), ...fields });

/** Reads RFC 4180 CSV (quoted fields, CRLF records). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

interface SheetCell {
  kind: 'text' | 'number' | 'empty';
  value: string;
}
const unescapeXml = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The rows of the worksheet, each cell with how it was written. */
function sheetRows(xml: string): SheetCell[][] {
  const data = /<sheetData>(.*)<\/sheetData>/s.exec(xml)?.[1];
  expect(data).toBeDefined();
  const rows: SheetCell[][] = [];
  const rowPattern = /<row\/>|<row>(.*?)<\/row>/gs;
  const cellPattern =
    /<c(?: t="inlineStr")?(?: s="\d+")?(?:\/>|>(?:<is><t xml:space="preserve">(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>)/gs;
  let consumed = 0;
  for (const r of data!.matchAll(rowPattern)) {
    consumed += r[0].length;
    const cells: SheetCell[] = [];
    let inner = 0;
    for (const c of (r[1] ?? '').matchAll(cellPattern)) {
      inner += c[0].length;
      if (c[1] !== undefined) cells.push({ kind: 'text', value: unescapeXml(c[1]) });
      else if (c[2] !== undefined) cells.push({ kind: 'number', value: c[2] });
      else cells.push({ kind: 'empty', value: '' });
    }
    // Every character of the row is a cell this reader understood.
    expect(inner).toBe((r[1] ?? '').length);
    rows.push(cells);
  }
  expect(consumed).toBe(data!.length);
  return rows;
}

/** The row schema's fields, in order, with their cell kinds. */
function columnsOf(def: CallDef) {
  const response = def.response as z.ZodObject;
  const rows = response.shape.rows as z.ZodArray<z.ZodObject>;
  return Object.entries(rows.element.shape).map(([key, field]) => ({
    key,
    kind: cellKindOf(field as z.ZodType),
  }));
}

/** A list row as the export should write it: instants in the zone, the rest as the list shows. */
function exportedCells(row: Record<string, unknown>, def: CallDef, zone: TimezoneChoice) {
  return columnsOf(def).map(({ key, kind }) => {
    const value = row[key];
    if (value === null || value === undefined) return null;
    return kind === 'instant' ? formatInTimeZone(String(value), zone) : String(value);
  });
}

/** The parts of a CSV export: the column names on the first line, then the records. */
function splitCsv(payload: Buffer) {
  const text = payload.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = parseCsv(text.slice(1));
  return { names: lines[0]!, records: lines.slice(1) };
}

/** The parts of an XLSX export: the first sheet's header and records, the Filters sheet. */
function splitXlsx(payload: Buffer) {
  const files = unzipSync(new Uint8Array(payload));
  const rows = sheetRows(strFromU8(files['xl/worksheets/sheet1.xml']!));
  const heading = sheetRows(strFromU8(files['xl/worksheets/sheet2.xml']!));
  expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Filters" sheetId="2"');
  return { heading, names: rows[0]!, records: rows.slice(1) };
}

/** The file name an export's Content-Disposition gives, decoded from its UTF-8 form. */
const fileNameOf = (disposition: string | string[] | undefined) =>
  decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(disposition))![1]!);

/** Either format's parts as text (an XLSX also has its Filters sheet). */
function partsOf(format: 'csv' | 'xlsx', payload: Buffer) {
  if (format === 'csv') return { heading: undefined, ...splitCsv(payload) };
  const x = splitXlsx(payload);
  const values = (rows: SheetCell[][]) => rows.map((r) => r.map((c) => c.value));
  return {
    heading: values(x.heading),
    names: x.names.map((c) => c.value),
    records: values(x.records),
  };
}

/** "YYYY-MM-DD HH:mm:ss" at UTC+8 (Malaysia keeps no daylight saving time). */
const malaysiaTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('export', () => {
  const filters = { currency: 'THB', status: 'success', timeZone: 'Malaysia' } as const;
  const matching = () => where((p) => p.currency === 'THB' && p.status === 'success');

  it('CSV: the header first, then every matching row in the list’s order; the filters in its name', async () => {
    const expected = matching();
    expect(expected.length).toBeGreaterThan(5);
    // What the list call shows over all its pages (3 at a time).
    const listed = await allPages(ADMIN, filters, 3);
    expect(idsOf(listed)).toEqual(idsOf(expected));
    // The page fields do not narrow the export.
    const response = await exportAs(ADMIN, {
      call: 'getPayinList',
      format: 'csv',
      ...filters,
      page: '2',
      pageSize: '3',
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="getPayinList-currency=THB-status=success-tz=Malaysia-\d{8}-\d{6}\.csv"/,
    );
    const { names, records } = splitCsv(response.rawPayload);
    expect(names).toEqual(columnsOf(getPayinList).map((c) => c.key));
    expect(records).toEqual(
      listed.map((row) => exportedCells(row, getPayinList, 'Malaysia').map((c) => c ?? '')),
    );
    // Instants are Malaysia's wall clock, amounts the list's exact text.
    const created = names.indexOf('created_at');
    const completed = names.indexOf('completed_at');
    const amount = names.indexOf('amount');
    records.forEach((record, i) => {
      expect(record[created]).toBe(malaysiaTime(listed[i]!.created_at));
      expect(record[completed]).toBe(malaysiaTime(listed[i]!.completed_at!));
      expect(record[amount]).toBe(formatAmount(expected[i]!.amount, 'THB'));
    });
  });

  it('XLSX: the same rows, amounts as number cells, the rest as text; a sheet names the filters', async () => {
    const listed = await allPages(ADMIN, filters, 4);
    expect(idsOf(listed)).toEqual(idsOf(matching()));
    const before = Date.now();
    const response = await exportAs(ADMIN, { call: 'getPayinList', format: 'xlsx', ...filters });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const after = Date.now();
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="getPayinList-currency=THB-status=success-tz=Malaysia-\d{8}-\d{6}\.xlsx"/,
    );
    const { heading, names, records } = splitXlsx(response.rawPayload);
    const text = (cells: SheetCell[]) => {
      expect(cells.every((c) => c.kind === 'text')).toBe(true);
      return cells.map((c) => c.value);
    };
    const lines = heading.map(text);
    expect(lines[0]).toEqual(['Export', 'getPayinList']);
    expect(lines[1]![0]).toBe('Generated at (UTC)');
    const generated = Date.parse(lines[1]![1]!);
    expect(generated).toBeGreaterThanOrEqual(before - 1);
    expect(generated).toBeLessThanOrEqual(after + 1);
    expect(lines.slice(2)).toEqual([
      ['Time zone', 'Malaysia'],
      ['Filter currency', 'THB'],
      ['Filter status', 'success'],
    ]);
    const columns = columnsOf(getPayinList);
    expect(text(names)).toEqual(columns.map((c) => c.key));
    expect(records).toEqual(
      listed.map((row) =>
        exportedCells(row, getPayinList, 'Malaysia').map((value, i): SheetCell => {
          if (value === null) return { kind: 'empty', value: '' };
          return { kind: columns[i]!.kind === 'amount' ? 'number' : 'text', value };
        }),
      ),
    );
    expect(columns.filter((c) => c.kind === 'amount').map((c) => c.key)).toEqual([
      'amount',
      'fee',
      'net_amount',
      'refunded_amount',
    ]);
    const created = columns.findIndex((c) => c.key === 'created_at');
    records.forEach((r, i) => expect(r[created]!.value).toBe(malaysiaTime(listed[i]!.created_at)));
  });

  it('a merchant’s export holds its own rows only', async () => {
    const own = where((p) => p.merchant_code === 'MER00001');
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await exportAs(MERCHANT, { call: 'getPayinList', format });
      expect(response.statusCode).toBe(200);
      // No filter given: the list's name and the time only; no filter lines, the default zone.
      expect(fileNameOf(response.headers['content-disposition'])).toMatch(
        new RegExp(`^getPayinList-\\d{8}-\\d{6}\\.${format}$`),
      );
      const parts = partsOf(format, response.rawPayload);
      if (format === 'xlsx')
        expect(parts.heading!.slice(2)).toEqual([['Time zone', 'Default (UTC)']]);
      const id = parts.names.indexOf('id');
      const merchant = parts.names.indexOf('merchant_db_code');
      expect(parts.records.map((r) => r[id])).toEqual(idsOf(own));
      expect(new Set(parts.records.map((r) => r[merchant]))).toEqual(new Set(['MER00001']));
      const created = parts.names.indexOf('created_at');
      expect(parts.records.map((r) => r[created])).toEqual(
        own.map((p) => p.created_at.toISOString().slice(0, 19).replace('T', ' ')),
      );
    }
    // Asking for another merchant's rows gives a file without any.
    const other = await exportAs(MERCHANT, {
      call: 'getPayinList',
      format: 'csv',
      merchantDbCode: 'MER00002',
    });
    expect(fileNameOf(other.headers['content-disposition'])).toMatch(
      /^getPayinList-merchantDbCode=MER00002-\d{8}-\d{6}\.csv$/,
    );
    const parts = splitCsv(other.rawPayload);
    expect(parts.names[0]).toBe('id');
    expect(parts.records).toEqual([]);
  });

  it('every other list exports: its rows, or only the header when empty', async () => {
    for (const def of [
      getPayoutList,
      getSettlementList,
      getSettlementWalletList,
      getWithdrawalList,
      getTopUpList,
    ]) {
      const page = await t.as<{ rows: Record<string, unknown>[]; total: number }>(ADMIN, def.name, {
        pageSize: '200',
      });
      expect(page.status).toBe(200);
      for (const format of ['csv', 'xlsx'] as const) {
        const response = await exportAs(ADMIN, { call: def.name, format, timeZone: 'India' });
        expect(response.statusCode, `${def.name} ${format}`).toBe(200);
        expect(fileNameOf(response.headers['content-disposition'])).toMatch(
          new RegExp(`^${def.name}-tz=India-\\d{8}-\\d{6}\\.${format}$`),
        );
        const parts = partsOf(format, response.rawPayload);
        if (format === 'xlsx') {
          expect(parts.heading![0]).toEqual(['Export', def.name]);
          expect(parts.heading!.slice(2)).toEqual([['Time zone', 'India']]);
        }
        expect(parts.names).toEqual(columnsOf(def).map((c) => c.key));
        expect(parts.records).toEqual(
          page.data.rows.map((row) => exportedCells(row, def, 'India').map((c) => c ?? '')),
        );
      }
      if (def === getTopUpList) expect(page.data.rows.map((r) => r.id)).toEqual([topUpId]);
    }
  });

  it('refusals answer the JSON envelope', async () => {
    const envelope = async (
      response: Awaited<ReturnType<typeof exportRequest>>,
      status: number,
      startsWith = '',
    ) => {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as { status: number; message: string; data?: unknown };
      // A 400 also names its field (`data.field`), which the app shows beside that field.
      const { data, ...rest } = body;
      expect(rest).toEqual({ status, message: expect.any(String) });
      if (status === 400) expect(data).toMatchObject({ field: { field: expect.any(String) } });
      else expect(data).toBeUndefined();
      expect(body.message.startsWith(startsWith), body.message).toBe(true);
    };
    await envelope(await exportAs(ADMIN, { call: 'getNothingList', format: 'csv' }), 404);
    await envelope(await exportAs(ADMIN, { call: 'getUserFullData', format: 'csv' }), 404);
    await envelope(await exportAs(RESELLER, { call: 'getTopUpList', format: 'csv' }), 403);
    await envelope(await exportAs(MERCHANT, { call: 'getWithdrawalList', format: 'csv' }), 403);
    await envelope(
      await exportAs(ADMIN, { call: 'getPayinList', format: 'csv', amountMin: 'abc' }),
      400,
      'amountMin ',
    );
    await envelope(
      await exportAs(ADMIN, { call: 'getPayinList', format: 'xlsx', sort: 'nope' }),
      400,
      'sort ',
    );
    await envelope(await exportAs(ADMIN, { call: 'getPayinList', format: 'pdf' }), 400, 'format ');
    await envelope(await exportAs(ADMIN, { format: 'csv' }), 400, 'call ');
    await envelope(await exportRequest({ call: 'getPayinList', format: 'csv' }), 440);
    await envelope(
      await exportRequest({
        call: 'getPayinList',
        format: 'csv',
        accessToken: 'not-a-token',
        accessUsername: (await sessionOf(ADMIN)).accessUsername,
      }),
      440,
    );
  });
});
