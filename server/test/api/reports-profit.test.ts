import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@bo/contract';
import { foldReportRollups } from '../../src/ledger/report-folding';
import { seedDemoMoney } from '../../src/seed/demo-money';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';
import { encodeMultipart } from '../support/test-app';
import {
  dailyEarningOf,
  dailyTransactionsOf,
  detailedProfitOf,
  gatewayProfitOf,
  profitReportOf,
  zoneDay,
  type Tx,
  asReseller,
} from './reports-profit.expected';

/**
 * The profit and transaction reports (issue 12) on a small demo history crossing a month end:
 * every figure is recomputed here from the transaction tables (and the fee split from the
 * journal), in UTC and in India (+05:30, whose midnight splits UTC days), per role.
 */
let t: MoneyApp;
let txs: Tx[];
const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const dayBefore = (n: number) =>
  new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
// A period crossing a month end: 45 to 20 days ago always spans one.
const FROM = dayBefore(45);
const TO = dayBefore(20);
const at = (day: string) => `${day}T12:00:00Z`;
const PERIOD = { from: at(FROM), to: at(TO) };
const ZONES = [
  { choice: 'Default', iana: 'UTC' },
  { choice: 'India', iana: 'Asia/Kolkata' },
] as const;

type Answer<R> = {
  rows: R[];
  total: number;
  totals: Record<string, unknown>[];
  differences: string[];
  period: { from_day: string; to_day: string; time_zone: string };
};

/** Every row of a report (all pages), with the first page's totals, period and differences. */
async function report<R = Record<string, unknown>>(
  email: string,
  call: string,
  fields: Record<string, string>,
): Promise<Answer<R>> {
  const first = await t.as<Answer<R>>(email, call, { ...fields, pageSize: '200' });
  expect(first.status, first.message).toBe(200);
  const rows = [...first.data.rows];
  for (let page = 2; rows.length < first.data.total; page++) {
    const next = await t.as<Answer<R>>(email, call, {
      ...fields,
      pageSize: '200',
      page: String(page),
    });
    rows.push(...next.data.rows);
  }
  return { ...first.data, rows };
}

async function loadTransactions(): Promise<Tx[]> {
  const { rows } = await t.db.query<Tx>(
    `SELECT 'payin' AS kind, p.merchant_account_id::text AS owner, p.currency, p.status, p.created_at,
            p.amount, p.fee, p.gateway_cost, p.reseller_commission, p.platform_profit,
            g.payment_gateway_code AS gateway
       FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
     UNION ALL
     SELECT 'payout', p.merchant_account_id::text, p.currency, p.status, p.created_at, p.amount, p.fee,
            p.gateway_cost, p.reseller_commission, p.platform_profit, coalesce(g.payment_gateway_code, '')
       FROM payouts p LEFT JOIN payment_gateways g ON g.id = p.gateway_id
     UNION ALL
     SELECT 'settlement', s.merchant_account_id::text, s.currency, s.status, s.created_at, s.amount, s.fee,
            0::bigint, s.reseller_commission, s.platform_profit, ''
       FROM settlements s
     UNION ALL
     SELECT 'refund', f.merchant_account_id::text, f.currency, f.status, f.created_at, f.amount,
            f.fee - f.fee_returned, 0::bigint, 0::bigint, f.fee - f.fee_returned, g.payment_gateway_code
       FROM refunds f JOIN payment_gateways g ON g.id = f.gateway_id
     UNION ALL
     SELECT 'dispute', d.merchant_account_id::text, d.currency, d.status, d.created_at, d.amount,
            d.fee - d.fee_returned, d.fee - d.fee_returned, 0::bigint, 0::bigint,
            g.payment_gateway_code
       FROM disputes d JOIN payment_gateways g ON g.id = d.gateway_id
     UNION ALL
     SELECT 'adjustment', a.owner_account_id::text, a.currency, a.status, a.created_at,
            CASE a.direction WHEN 'credit' THEN a.amount ELSE -a.amount END, 0::bigint, 0::bigint,
            0::bigint, CASE a.direction WHEN 'credit' THEN -a.amount ELSE a.amount END, ''
       FROM balance_adjustments a`,
  );
  // A reseller's own figures (its adjustments) count in its own row.
  const accounts = await t.db.query<{ id: string; reseller: string | null; code: string }>(
    `SELECT id::text AS id, account_db_code AS code,
            CASE account_type WHEN 'reseller' THEN id ELSE reseller_account_id END::text AS reseller
       FROM accounts`,
  );
  const byId = new Map(accounts.rows.map((a) => [a.id, a]));
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    reseller: byId.get(r.owner)?.reseller ?? null,
    code: byId.get(r.owner)!.code,
  }));
}

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 46, payinsPerDay: 16, today });
  txs = await loadTransactions();
}, 600_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const inPeriod =
  (zone: string, from = FROM, to = TO) =>
  (x: Tx) => {
    const day = zoneDay(x.created_at, zone);
    return day >= from && day <= to;
  };

describe('daily transactions report', () => {
  it('equals the transactions recomputed per day, for an admin, in UTC and India', async () => {
    // The demo history has refunds: their columns are not all zero.
    expect(
      txs.filter((x) => x.kind === 'refund' && x.status === 'succeeded').length,
    ).toBeGreaterThan(5);
    for (const zone of ZONES) {
      const answer = await report(ADMIN, 'getDailyTransactionsReport', {
        ...PERIOD,
        timeZone: zone.choice,
      });
      const expected = dailyTransactionsOf(txs.filter(inPeriod(zone.iana)), zone.iana);
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.totals).toEqual(expected.totals);
      expect(answer.period).toEqual({ from_day: FROM, to_day: TO, time_zone: zone.choice });
      expect(answer.rows.length).toBeGreaterThan(20);
    }
  });

  it('lists the newest day first, and the oldest first when sorted so', async () => {
    const newest = await report(ADMIN, 'getDailyTransactionsReport', PERIOD);
    expect(newest.rows[0]).toMatchObject({ day: TO });
    const oldest = await report(ADMIN, 'getDailyTransactionsReport', {
      ...PERIOD,
      sort: 'day',
      direction: 'asc',
    });
    expect(oldest.rows[0]).toMatchObject({ day: FROM });
    const days = (rows: { day?: unknown }[]) => [...new Set(rows.map((r) => r.day))];
    expect(days(oldest.rows)).toEqual(days(newest.rows).reverse());
    const earning = await report(ADMIN, 'getDailyEarningReport', { ...PERIOD, direction: 'asc' });
    expect(earning.rows[0]).toMatchObject({ day: FROM });
  });

  it('shows a merchant (and its sub-account) only itself', async () => {
    const mine = txs.filter((x) => x.code === 'MER00001' && inPeriod('Asia/Kolkata')(x));
    const expected = dailyTransactionsOf(mine, 'Asia/Kolkata');
    for (const email of [MERCHANT, SUB]) {
      const answer = await report(email, 'getDailyTransactionsReport', {
        ...PERIOD,
        timeZone: 'India',
      });
      expect(answer.rows).toEqual(expected.rows);
    }
    const admin = await report(ADMIN, 'getDailyTransactionsReport', {
      ...PERIOD,
      timeZone: 'India',
      merchantDbCode: 'MER00001',
    });
    expect(admin.rows).toEqual(expected.rows);
  });

  it("names its net's balance: the available part is the contract ledger's movement", async () => {
    // Issue 25: the report's net and the contract ledger's movement differ by exactly the
    // pay-outs and their fees (they draw on the pay-out balance); `available_net` is the part
    // the ledger holds, recomputed here from the journal's entries on the available account.
    const { rows: contracts } = await t.db.query<{ id: string; owner: string }>(
      `SELECT c.id::text AS id, c.merchant_account_id::text AS owner FROM contracts c
         JOIN accounts m ON m.id = c.merchant_account_id
        WHERE m.account_db_code = 'MER00001' AND c.currency = 'THB' LIMIT 1`,
    );
    const contract = contracts[0]!;
    const fields = { ...PERIOD, timeZone: 'India', currency: 'THB' };
    const [totals] = (await report<never>(MERCHANT, 'getDailyTransactionsReport', fields))
      .totals as Record<string, string>[];
    const ledger = await t.as<{ totals: Record<string, string>[] }>(MERCHANT, 'getContractLedger', {
      ...fields,
      contractId: contract.id,
    });
    expect(ledger.status).toBe(200);
    const { rows } = await t.db.query<{ moved: bigint }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS moved FROM entries e
         JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE la.owner_kind = 'account' AND la.owner_id = $1 AND la.currency = 'THB'
          AND la.purpose = 'available'
          AND e.created_at >= ($2::date)::timestamp AT TIME ZONE 'Asia/Kolkata'
          AND e.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'`,
      [contract.owner, FROM, TO],
    );
    const moved = formatAmount(BigInt(rows[0]!.moved), 'THB');
    const [ledgerTotals] = ledger.data.totals;
    const cents = (v: string) => BigInt(v.replace('.', ''));
    expect(formatAmount(cents(ledgerTotals!.credits!) - cents(ledgerTotals!.debits!), 'THB')).toBe(
      moved,
    );
    expect(totals!.available_net).toBe(moved);
    expect(cents(totals!.payout_volume!)).toBeGreaterThan(0n);
    expect(cents(totals!.available_net!) - cents(totals!.net!)).toBe(
      cents(totals!.payout_volume!) + cents(totals!.payout_fee!),
    );
  });

  it("summed over this UTC month equals the dashboard's this-month figures", async () => {
    const monthStart = `${today.toISOString().slice(0, 7)}-01`;
    const answer = await report<Record<string, string>>(ADMIN, 'getDailyTransactionsReport', {
      from: at(monthStart),
      to: new Date().toISOString(),
      timeZone: 'Default',
    });
    for (const totals of answer.totals) {
      const dashboard = await t.as<{ currency_report: Record<string, string | number>[] }>(
        ADMIN,
        'getReportDashboardV3',
        { currency: String(totals.currency), statisticsType: '1M' },
      );
      const tm = dashboard.data.currency_report.find((r) => r.currency === totals.currency)!;
      for (const kind of ['payin', 'payout', 'settlement']) {
        expect(totals[`${kind}_count`]).toBe(tm[`${kind}_this_month_total_count`]);
        expect(totals[`${kind}_success_count`]).toBe(tm[`${kind}_this_month_success_count`]);
        expect(totals[`${kind}_volume`]).toBe(tm[`${kind}_this_month_volume`]);
      }
    }
    expect(answer.totals.length).toBeGreaterThan(0);
  });
});

describe('profit report', () => {
  it('per reseller (admin) and per merchant (reseller) equals the transactions', async () => {
    const cases = [
      {
        email: ADMIN,
        zone: ZONES[1],
        group: (x: Tx) => x.reseller ?? '',
        scope: () => true,
        view: <T>(r: T) => r,
      },
      {
        email: RESELLER,
        zone: ZONES[0],
        group: (x: Tx) => x.owner,
        scope: (x: Tx) => x.reseller === resellerId,
        view: (r: Record<string, unknown>) => asReseller(r),
      },
    ];
    const resellerId = await t.accountId('RES00001');
    for (const c of cases) {
      const answer = await report<Record<string, string>>(c.email, 'getProfitReport', {
        ...PERIOD,
        timeZone: c.zone.choice,
      });
      const mine = txs.filter((x) => c.scope(x) && inPeriod(c.zone.iana)(x));
      const expected = profitReportOf(mine, c.group);
      const figures = ({ id, account_db_code, account_name, ...rest }: Record<string, string>) => {
        void [id, account_db_code, account_name];
        return rest;
      };
      const order = (r: Record<string, unknown>) => `${String(r.account_id)}|${String(r.currency)}`;
      const sorted = (rs: Record<string, unknown>[]) =>
        [...rs].sort((a, b) => (order(a) < order(b) ? -1 : 1));
      expect(sorted(answer.rows.map(figures))).toEqual(
        sorted(expected.rows.map((r) => c.view(r as Record<string, unknown>))),
      );
      expect(answer.totals).toEqual(expected.totals.map(c.view));
      expect(answer.differences).toEqual([]);
    }
  });

  it('equals the fee split the journal recorded for the same movements', async () => {
    const { rows } = await t.db.query<{
      currency: string;
      kind: string;
      fee: bigint;
      gc: bigint;
      rc: bigint;
      pp: bigint;
      platform: bigint;
    }>(
      `WITH x AS (
         SELECT id, currency, created_at FROM payins UNION ALL
         SELECT id, currency, created_at FROM payouts UNION ALL
         SELECT id, currency, created_at FROM settlements)
       SELECT x.currency, CASE split_part(j.kind, '.', 1) WHEN 'settlement_wallet' THEN 'settlement' ELSE split_part(j.kind, '.', 1) END AS kind,
              sum((j.details->>'fee')::bigint)::bigint AS fee,
              sum((j.details->>'gateway_cost')::bigint)::bigint AS gc,
              sum((j.details->>'reseller_commission')::bigint)::bigint AS rc,
              sum((j.details->>'platform_profit')::bigint)::bigint AS pp,
              coalesce(sum((SELECT sum(e.amount) FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
                              WHERE e.journal_id = j.id AND la.purpose = 'platform_fees')), 0)::bigint AS platform
         FROM journal j JOIN x ON x.id = j.ref_id
        WHERE j.kind IN ('payin.success', 'payout.post', 'settlement.post', 'settlement_wallet.post')
          AND (x.created_at AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date
        GROUP BY 1, 2`,
      [FROM, TO],
    );
    const answer = await report<Record<string, string>>(ADMIN, 'getProfitReport', {
      ...PERIOD,
      timeZone: 'Default',
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const totals = answer.totals.find((x) => x.currency === r.currency)!;
      const money = (v: bigint) => formatAmount(v, r.currency);
      expect([r.kind, totals[`${r.kind}_fee`]]).toEqual([r.kind, money(r.fee)]);
      expect(totals[`${r.kind}_gateway_cost`]).toBe(money(r.gc));
      expect(totals[`${r.kind}_reseller_commission`]).toBe(money(r.rc));
      expect(totals[`${r.kind}_platform_profit`]).toBe(money(r.pp));
      if (r.kind === 'payin')
        expect([r.currency, money(r.platform)]).toEqual([r.currency, money(r.pp)]);
    }
  });

  it('details one reseller (admin) or one merchant (reseller) per day, merchant and gateway', async () => {
    const resellerId = await t.accountId('RES00001');
    const merchantId = await t.accountId('MER00001');
    const cases = [
      {
        email: ADMIN,
        id: resellerId,
        keep: (x: Tx) => x.reseller === resellerId,
        view: <T>(r: T) => r,
      },
      {
        email: RESELLER,
        id: merchantId,
        keep: (x: Tx) => x.owner === merchantId,
        view: (r: Record<string, unknown>) => asReseller(r),
      },
    ];
    for (const c of cases) {
      const answer = await report(c.email, 'getDetailedProfitReport', {
        ...PERIOD,
        timeZone: 'India',
        id: c.id,
      });
      const expected = detailedProfitOf(
        txs.filter((x) => c.keep(x) && inPeriod('Asia/Kolkata')(x)),
        'Asia/Kolkata',
      );
      expect(answer.rows).toEqual(expected.rows.map(c.view));
      expect(answer.totals).toEqual(expected.totals.map(c.view));
    }
  });
});

describe('profit report cells open their lists (issue 44)', () => {
  const OFFSETS = { Default: '+00:00', India: '+05:30' } as const;
  /**
   * Each kind's lists and the one status the report counts in them (the registry's, as the
   * web's), and the figures their totals are: a settlement's are its bank and wallet lists'.
   */
  const SPLIT = ['gateway_cost', 'reseller_commission', 'platform_profit'] as const;
  const LISTS = {
    payin: [[['getPayinList', 'success']], ['count', 'volume', 'fee', ...SPLIT]],
    payout: [[['getPayoutList', 'success']], ['count', 'volume', 'fee', ...SPLIT]],
    refund: [[['getRefundList', 'succeeded']], ['count', 'volume']],
    dispute: [[['getDisputeList', 'lost']], ['count', 'volume']],
    settlement: [
      [
        ['getSettlementList', 'completed'],
        ['getSettlementWalletList', 'completed'],
      ],
      ['count', 'volume', 'fee', ...SPLIT],
    ],
  } as const;
  type Listed = keyof typeof LISTS;

  /** The totals of a list as the web's link asks them: whole days as the zone's instants. */
  async function oneListTotals(
    email: string,
    [call, status]: readonly [string, string],
    currency: string,
    days: { from: string; to: string },
    zone: keyof typeof OFFSETS,
    narrow: Record<string, string>,
  ) {
    const start = (day: string) => new Date(`${day}T00:00:00${OFFSETS[zone]}`);
    const answer = await t.as<{
      totals: {
        currency: string;
        count: number;
        amount: string;
        fee: string;
        fee_split: Record<(typeof SPLIT)[number], string | null> | null;
      }[];
    }>(email, 'getListTotals', {
      call,
      status,
      currency,
      from: start(days.from).toISOString(),
      to: new Date(start(days.to).getTime() + 86_400_000 - 1).toISOString(),
      timeZone: zone,
      ...narrow,
    });
    expect(answer.status, answer.message).toBe(200);
    const found = answer.data.totals.find((x) => x.currency === currency);
    const minor = (text: string | undefined) => (text ? parseAmount(text, currency)! : 0n);
    // A part the viewer may not see is null (in the report's cell too); no rows, no parts.
    const split = Object.fromEntries(
      SPLIT.flatMap((f) => {
        const text = found?.fee_split?.[f];
        return text === undefined ? [] : [[f, text === null ? null : minor(text)]];
      }),
    );
    return {
      count: found?.count ?? 0,
      volume: minor(found?.amount),
      fee: minor(found?.fee),
      ...split,
    };
  }

  /** A kind's figures as the sum of its lists' totals (a settlement's two lists add up). */
  async function listTotals(
    email: string,
    kind: Listed,
    currency: string,
    days: { from: string; to: string },
    zone: keyof typeof OFFSETS,
    narrow: Record<string, string>,
  ) {
    const sum: Record<string, bigint | null> = { volume: 0n, fee: 0n };
    let count = 0;
    for (const list of LISTS[kind][0]) {
      const { count: n, ...one } = await oneListTotals(email, list, currency, days, zone, narrow);
      count += n;
      for (const [f, v] of Object.entries(one))
        sum[f] = v === null || sum[f] === null ? null : (sum[f] ?? 0n) + v;
    }
    const text = (f: string) => (sum[f] === null ? null : formatAmount(sum[f] ?? 0n, currency));
    return Object.fromEntries(LISTS[kind][1].map((f) => [f, f === 'count' ? count : text(f)]));
  }

  const figuresOf = (row: Record<string, unknown>, kind: Listed) =>
    Object.fromEntries(LISTS[kind][1].map((f) => [f, row[`${kind}_${f}`]]));

  it('a row’s pay-in, pay-out, refund, dispute and settlement figures are its lists’ totals', async () => {
    const cases = [
      { email: ADMIN, zone: 'India', owner: 'resellerDbCode' },
      { email: RESELLER, zone: 'Default', owner: 'merchantDbCode' },
    ] as const;
    let opened = 0;
    const others = new Set<string>();
    for (const c of cases) {
      const answer = await report<Record<string, string>>(c.email, 'getProfitReport', {
        ...PERIOD,
        timeZone: c.zone,
      });
      const days = { from: answer.period.from_day, to: answer.period.to_day };
      for (const row of answer.rows.filter((r) => r.account_id)) {
        for (const kind of Object.keys(LISTS) as Listed[]) {
          if (kind !== 'payin' && kind !== 'payout' && Number(row[`${kind}_count`]) > 0)
            others.add(kind);
          const where = `${c.email} ${row.account_db_code} ${row.currency} ${kind}`;
          expect(
            await listTotals(c.email, kind, row.currency!, days, c.zone, {
              [c.owner]: row.account_db_code!,
            }),
            where,
          ).toEqual(figuresOf(row, kind));
          opened++;
        }
      }
    }
    expect(opened).toBeGreaterThan(8);
    // The demo's history holds refunds and settlements in the period: their sums were compared
    // (its disputes are not lost in it: zero against an empty list).
    expect([...others]).toEqual(expect.arrayContaining(['refund', 'settlement']));
  });

  it('a detailed row’s figures are its day’s, merchant’s and gateway’s list totals', async () => {
    const answer = await report<Record<string, string>>(ADMIN, 'getDetailedProfitReport', {
      ...PERIOD,
      timeZone: 'India',
      id: await t.accountId('RES00001'),
    });
    const compare = async (row: Record<string, string>, kinds: Listed[]) => {
      const day = { from: row.day!, to: row.day! };
      const narrow = {
        merchantDbCode: row.merchant_db_code!,
        ...(row.gateway_code && { gatewayCode: row.gateway_code }),
      };
      for (const kind of kinds) {
        expect(
          await listTotals(ADMIN, kind, row.currency!, day, 'India', narrow),
          `${row.day} ${row.merchant_db_code} ${row.gateway_code} ${kind}`,
        ).toEqual(figuresOf(row, kind));
      }
    };
    const rows = answer.rows.filter((r) => r.gateway_code && Number(r.payin_count) > 0);
    expect(rows.length).toBeGreaterThan(3);
    const moved = (Object.keys(LISTS) as Listed[]).filter((kind) => kind !== 'settlement');
    for (const row of rows.slice(0, 8)) await compare(row, moved);
    // No gateway moves a settlement: its figures are in the day's row without one.
    const settled = answer.rows.filter(
      (r) => r.day && r.merchant_db_code && !r.gateway_code && Number(r.settlement_count) > 0,
    );
    expect(settled.length).toBeGreaterThan(0);
    for (const row of settled.slice(0, 4)) await compare(row, ['settlement']);
  });
});

describe('profit per gateway', () => {
  it('is every tenant’s figures per gateway and currency, with the profit report’s totals', async () => {
    const answer = await report(ADMIN, 'getGatewayProfitReport', { ...PERIOD, timeZone: 'India' });
    const expected = gatewayProfitOf(txs.filter(inPeriod('Asia/Kolkata')));
    expect(answer.rows.length).toBeGreaterThan(1);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.totals).toEqual(expected.totals);
    expect(answer.differences).toEqual([]);
    const byAccount = await report(ADMIN, 'getProfitReport', { ...PERIOD, timeZone: 'India' });
    expect(answer.totals).toEqual(byAccount.totals);
  });

  it('narrows to one gateway, and is the platform’s own (403 for resellers and merchants)', async () => {
    const code = 'SBX-THB-1';
    const answer = await report(ADMIN, 'getGatewayProfitReport', {
      ...PERIOD,
      timeZone: 'Default',
      gatewayCode: code,
    });
    const expected = gatewayProfitOf(txs.filter((x) => x.gateway === code && inPeriod('UTC')(x)));
    expect(answer.rows.map((r) => r.gateway_code)).toEqual([code]);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.totals).toEqual(expected.totals);
    for (const who of [RESELLER, MERCHANT])
      expect((await t.as(who, 'getGatewayProfitReport', { ...PERIOD })).status).toBe(403);
  });
});

describe('daily earning report', () => {
  it("is the platform's profit (admin) or the reseller's commission per day", async () => {
    const resellerId = await t.accountId('RES00001');
    for (const zone of ZONES) {
      const admin = await report(ADMIN, 'getDailyEarningReport', {
        ...PERIOD,
        timeZone: zone.choice,
      });
      const all = txs.filter(inPeriod(zone.iana));
      expect(admin).toMatchObject(dailyEarningOf(all, zone.iana, 'platform_profit'));
      const reseller = await report(RESELLER, 'getDailyEarningReport', {
        ...PERIOD,
        timeZone: zone.choice,
      });
      const mine = all.filter((x) => x.reseller === resellerId);
      expect(reseller).toMatchObject(dailyEarningOf(mine, zone.iana, 'reseller_commission'));
    }
  });
});

describe('scope and input', () => {
  it('refuses another reseller’s merchant (404) and the wrong role (403)', async () => {
    const merchantId = await t.accountId('MER00001');
    const refusals: [string, string, Record<string, string>, number][] = [
      [RESELLER2, 'getDetailedProfitReport', { id: merchantId }, 404],
      [RESELLER2, 'getProfitReport', { merchantDbCode: 'MER00001' }, 404],
      [RESELLER, 'getDetailedProfitReport', { id: await t.accountId('RES00002') }, 404],
      [MERCHANT, 'getDailyTransactionsReport', { merchantDbCode: 'MER00002' }, 404],
      [MERCHANT, 'getProfitReport', {}, 403],
      [MERCHANT, 'getDetailedProfitReport', { id: merchantId }, 403],
      [RESELLER, 'getDailyTransactionsReport', {}, 403],
      [MERCHANT, 'getDailyEarningReport', {}, 403],
    ];
    for (const [email, call, fields, status] of refusals) {
      const answer = await t.as(email, call, fields);
      expect([call, answer.status]).toEqual([call, status]);
    }
  });

  it('refuses a period ending before it starts, naming the field', async () => {
    const answer = await t.as(ADMIN, 'getDailyEarningReport', { from: at(TO), to: at(FROM) });
    expect(answer.status).toBe(400);
    expect(answer.message).toContain('to');
  });

  it('reads the same whether or not the rollups were folded', async () => {
    const fields = { ...PERIOD, timeZone: 'India' };
    const before = await report(ADMIN, 'getDailyTransactionsReport', fields);
    // The oldest buckets folded, up into the period: part days, part buckets.
    expect(await foldReportRollups(t.db, new Date('2100-01-01'), 400)).toBeGreaterThan(0);
    expect(await report(ADMIN, 'getDailyTransactionsReport', fields)).toEqual(before);
  }, 300_000);
});

describe('export', () => {
  // Each report's CSV carries its refund columns (issue 26), with the figures the screen shows.
  // The first column is one the world's refunds make non-zero (their fee is 0: no earning).
  const REFUND_COLUMNS = {
    getProfitReport: ['refund_count', 'refund_volume', 'refund_fee', 'refund_reseller_commission'],
    getDailyTransactionsReport: [
      'refund_count',
      'refund_success_count',
      'refund_volume',
      'refund_fee',
    ],
    getDailyEarningReport: ['refund_earning'],
  } as const;
  const WHO = {
    getProfitReport: RESELLER,
    getDailyTransactionsReport: ADMIN,
    getDailyEarningReport: ADMIN,
  };

  it.each(Object.keys(REFUND_COLUMNS) as (keyof typeof REFUND_COLUMNS)[])(
    'writes the rows of %s to CSV, refund columns and all',
    async (call) => {
      const fields = { ...PERIOD, timeZone: 'India' };
      const answer = await report<Record<string, string | number | null>>(WHO[call], call, fields);
      const session = await t.signIn(WHO[call]);
      const { body, contentType } = await encodeMultipart({
        ...session,
        ...fields,
        call,
        format: 'csv',
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/controller/admin/exportList',
        payload: body,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(200);
      // The header is the first line (issue 40): the filters are in the file's name.
      const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
      const names = lines[0]!.split(',');
      expect(names).toEqual(expect.arrayContaining([...REFUND_COLUMNS[call]]));
      const records = lines
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(','));
      expect(records.length).toBe(answer.rows.length);
      records.forEach((cells, i) => {
        const row = answer.rows[i]!;
        expect(Object.fromEntries(names.map((n, j) => [n, cells[j]]))).toMatchObject(
          // A reseller's null platform figures are empty cells.
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
        );
      });
      // The world has refunds in the period: some row shows them.
      const first = REFUND_COLUMNS[call][0];
      if (call !== 'getDailyEarningReport')
        expect(
          answer.rows.some((r) => Number(r[first]) !== 0),
          first,
        ).toBe(true);
    },
  );
});
