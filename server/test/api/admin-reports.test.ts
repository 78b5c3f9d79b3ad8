import { formatAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccountId } from '../../src/ledger/ledger-accounts';
import { seedDemoMoney } from '../../src/seed/demo-money';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

type Row = Record<string, string | number>;
interface Answer {
  rows: Row[];
  total: number;
  totals: Row[];
  differences: string[];
  at?: string;
}

let t: MoneyApp;
const CALLS = [
  'getBalanceReport',
  'getAllCurrencyBalance',
  'getEarningsReport',
  'getContractLedgerSummary',
];

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 4, payinsPerDay: 40, today: new Date('2026-11-02T00:00:00Z') });
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** The test's own naming of the account types of /balance-reports. */
function typeOf(ownerKind: string, purpose: string): string {
  if (
    ['available', 'reserved', 'payout_available', 'payout_reserved', 'usdt_wallet'].includes(
      purpose,
    )
  )
    return `merchant_${purpose}`;
  if (purpose.startsWith('commission')) return `reseller_${purpose}`;
  if (purpose === 'platform_fees') return 'platform_profit';
  if (purpose === 'bank') return 'platform_bank';
  if (purpose === 'disputed' || purpose === 'dispute_shortfall') return `merchant_${purpose}`;
  if (purpose === 'gateway_clearing' || purpose === 'reconciliation_difference') return purpose;
  // The exchange pool is the platform's: one of anyone else's would show as a type of its own.
  if (purpose === 'fx_pool') return `fx_pool${ownerKind === 'platform' ? '' : `_${ownerKind}`}`;
  throw new Error(`the test names no account type for the ledger purpose ${purpose}`);
}

/** Every ledger account's balance before an instant, summed from the entries themselves. */
async function balancesBefore(instant: string) {
  const { rows } = await t.db.query<{
    owner_kind: string;
    owner_id: string;
    currency: string;
    purpose: string;
    balance: bigint;
  }>(
    `SELECT la.owner_kind, la.owner_id::text AS owner_id, la.currency, la.purpose,
            coalesce((SELECT sum(amount) FROM entries e
                       WHERE e.ledger_account_id = la.id AND e.created_at < $1), 0)::bigint AS balance
       FROM ledger_accounts la`,
    [instant],
  );
  return rows.map((r) => ({ ...r, balance: BigInt(r.balance) }));
}

async function expectedBalanceReport(instant: string) {
  const sums = new Map<
    string,
    { type: string; currency: string; accounts: number; balance: bigint }
  >();
  for (const b of await balancesBefore(instant)) {
    const type = typeOf(b.owner_kind, b.purpose);
    const key = `${b.currency}:${type}`;
    const s = sums.get(key) ?? { type, currency: b.currency, accounts: 0, balance: 0n };
    s.accounts += 1;
    s.balance += b.balance;
    sums.set(key, s);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, s]) => ({
      id: key,
      account_type: s.type,
      currency: s.currency,
      accounts: s.accounts,
      balance: formatAmount(s.balance, s.currency),
    }));
}

async function read(email: string, call: string, fields: Record<string, string>) {
  const answer = await t.as<Answer>(email, call, { ...fields, pageSize: '200' });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

async function exportCsv(call: string, fields: Record<string, string>) {
  const session = await t.signIn(ADMIN);
  const response = await t.app.inject({
    method: 'POST',
    url: '/controller/admin/exportList',
    payload: { ...session, ...fields, call, format: 'csv' },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const PERIODS: { fields: Record<string, string>; zone: string; start: string; end: string }[] = [
  {
    fields: { from: '2026-10-31T00:00:00Z', to: '2026-11-01T23:59:59Z' },
    zone: 'UTC',
    start: '2026-10-31T00:00:00Z',
    end: '2026-11-02T00:00:00Z',
  },
  {
    fields: { from: '2026-10-30T18:30:00Z', to: '2026-11-01T18:29:59Z', timeZone: 'India' },
    zone: 'Asia/Kolkata',
    start: '2026-10-30T18:30:00Z',
    end: '2026-11-01T18:30:00Z',
  },
];

interface Tx {
  kind: string;
  owner: string;
  currency: string;
  status: string;
  created_at: Date;
  gateway: string;
  fee: bigint;
  gateway_cost: bigint;
  reseller_commission: bigint;
}

/** The successful pay-ins, pay-outs and settlements, from the transaction tables. */
async function successfulTransactions(): Promise<Tx[]> {
  const { rows } = await t.db.query<Tx>(
    `SELECT 'payin' AS kind, p.merchant_account_id::text AS owner, p.currency, p.status, p.created_at,
            p.fee, p.gateway_cost, p.reseller_commission, g.payment_gateway_code AS gateway
       FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.status = 'success'
     UNION ALL
     SELECT 'payout', p.merchant_account_id::text, p.currency, p.status, p.created_at, p.fee,
            p.gateway_cost, p.reseller_commission, coalesce(g.payment_gateway_code, '')
       FROM payouts p LEFT JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.status = 'success'
     UNION ALL
     SELECT 'settlement', s.merchant_account_id::text, s.currency, s.status, s.created_at, s.fee,
            0::bigint, s.reseller_commission, ''
       FROM settlements s WHERE s.status = 'completed'
     UNION ALL
     SELECT 'refund', f.merchant_account_id::text, f.currency, f.status, f.created_at,
            f.fee - f.fee_returned, 0::bigint, 0::bigint, g.payment_gateway_code
       FROM refunds f JOIN payment_gateways g ON g.id = f.gateway_id WHERE f.status = 'succeeded'`,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

const zoneDay = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

describe('administrator balance screens', () => {
  it('sums the ledger per account type and currency, now and at a past instant', async () => {
    for (const at of [undefined, '2026-11-01T12:34:56.789Z', '2026-10-31T18:30:00.000Z']) {
      const answer = await read(ADMIN, 'getBalanceReport', at ? { at } : {});
      const expected = await expectedBalanceReport(at ?? answer.at!);
      expect(answer.rows).toEqual(expected);
      expect(expected.some((r) => r.account_type === 'platform_profit')).toBe(true);
      expect(answer.differences).toEqual([]);
      for (const total of answer.totals)
        expect(total.balance).toBe(formatAmount(0n, total.currency as string));
      const csv = await exportCsv('getBalanceReport', at ? { at } : {});
      for (const row of expected)
        expect(csv).toContain(`${row.account_type},${row.currency},${row.accounts},${row.balance}`);
    }
    const future = await t.as(ADMIN, 'getBalanceReport', { at: '2999-01-01T00:00:00Z' });
    expect(future.status).toBe(400);
    expect(future.message).toContain('at');
  });

  it('lists every merchant and reseller balance in every currency, searchable', async () => {
    const answer = await read(ADMIN, 'getAllCurrencyBalance', {});
    const { rows: owners } = await t.db.query<{ id: string; code: string; type: string }>(
      `SELECT id::text AS id, account_db_code AS code, account_type AS type FROM accounts
        WHERE account_type IN ('merchant', 'reseller') AND parent_account_id IS NULL`,
    );
    const byId = new Map(owners.map((o) => [o.id, o]));
    const purposes = [
      'available',
      'reserved',
      'payout_available',
      'payout_reserved',
      'commission',
      'commission_reserved',
    ];
    const sums = new Map<string, Record<string, bigint>>();
    for (const b of await balancesBefore(new Date().toISOString())) {
      if (b.owner_kind !== 'account' || !purposes.includes(b.purpose) || !byId.has(b.owner_id))
        continue;
      const key = `${b.owner_id}:${b.currency}`;
      const s = sums.get(key) ?? Object.fromEntries([...purposes, 'total'].map((p) => [p, 0n]));
      s[b.purpose]! += b.balance;
      s.total! += b.balance;
      sums.set(key, s);
    }
    expect(answer.rows.length).toBe(sums.size);
    expect(new Set(answer.rows.map((r) => r.account_type))).toEqual(
      new Set(['merchant', 'reseller']),
    );
    for (const row of answer.rows) {
      const s = sums.get(row.id as string)!;
      expect(byId.get(row.account_id as string)!.code).toBe(row.account_db_code);
      for (const [k, v] of Object.entries(s))
        expect(row[k], `${row.id} ${k}`).toBe(formatAmount(v, row.currency as string));
    }
    const search = await read(ADMIN, 'getAllCurrencyBalance', {
      search: 'RES00002',
      currency: 'THB',
    });
    expect(search.rows.map((r) => `${r.account_db_code} ${r.currency}`)).toEqual(
      answer.rows
        .filter((r) => r.account_db_code === 'RES00002' && r.currency === 'THB')
        .map((r) => `${r.account_db_code} ${r.currency}`),
    );
    const csv = await exportCsv('getAllCurrencyBalance', {});
    for (const row of answer.rows)
      expect(csv).toContain(`,${row.currency},${row.available},${row.reserved},`);
  });

  it('opens every owner balance as entries whose closing is the balance (issue 44)', async () => {
    // The filters /all-currency-balance's links write (admin-balance-links.ts): the owner, the
    // currency, the purpose (the total: every purpose its type holds), this UTC month to today.
    const today = new Date().toISOString().slice(0, 10);
    const period = { from: `${today.slice(0, 7)}-01T00:00:00Z`, to: `${today}T23:59:59Z` };
    const held = {
      merchant: ['available', 'reserved', 'payout_available', 'payout_reserved'],
      reseller: ['commission', 'commission_reserved'],
    };
    const answer = await read(ADMIN, 'getAllCurrencyBalance', {});
    const holding = (type: string) =>
      answer.rows.filter((r) => r.account_type === type && !/^0(\.0+)?$/.test(`${r.total}`));
    const opened = [...holding('merchant').slice(0, 4), ...holding('reseller').slice(0, 3)];
    expect(opened.map((r) => r.account_type)).toContain('reseller');
    for (const row of opened) {
      const purposes = held[row.account_type as keyof typeof held];
      for (const field of [...purposes, 'total']) {
        const entries = await read(ADMIN, 'getLedgerEntries', {
          ...period,
          ownerId: row.account_id as string,
          currency: row.currency as string,
          purposes: field === 'total' ? purposes.join(',') : field,
        });
        expect(entries.totals[0]!.closing, `${row.id} ${field}`).toBe(row[field]);
      }
    }
    // A /balance-reports balance of the owners' accounts is its column's total there.
    const report = await read(ADMIN, 'getBalanceReport', {});
    for (const type of [...held.merchant.map((p) => `merchant_${p}`), 'reseller_commission']) {
      const rows = report.rows.filter((r) => r.account_type === type);
      expect(rows.length, type).toBeGreaterThan(0);
      for (const row of rows) {
        const owners = await read(ADMIN, 'getAllCurrencyBalance', {
          currency: row.currency as string,
        });
        const column = type.replace(/^(merchant|reseller)_/, '');
        expect(owners.totals[0]![column], `${type} ${row.currency}`).toBe(row.balance);
      }
    }
  });

  it('reports the platform earnings per day, currency and gateway, in two zones', async () => {
    const txs = await successfulTransactions();
    for (const period of PERIODS) {
      const groups = new Map<
        string,
        { n: number; fee: bigint; cost: bigint; commission: bigint }
      >();
      for (const x of txs) {
        const at = x.created_at.getTime();
        if (at < Date.parse(period.start) || at >= Date.parse(period.end)) continue;
        const key = `${zoneDay(x.created_at, period.zone)}:${x.currency}:${x.gateway}`;
        const g = groups.get(key) ?? { n: 0, fee: 0n, cost: 0n, commission: 0n };
        g.n += 1;
        g.fee += BigInt(x.fee);
        g.cost += BigInt(x.gateway_cost);
        g.commission += BigInt(x.reseller_commission);
        groups.set(key, g);
      }
      const answer = await read(ADMIN, 'getEarningsReport', period.fields);
      expect(answer.rows.length).toBe(groups.size);
      expect(groups.size).toBeGreaterThan(0);
      for (const row of answer.rows) {
        const g = groups.get(row.id as string)!;
        const c = row.currency as string;
        expect(row, row.id as string).toEqual(
          expect.objectContaining({
            count: g.n,
            fee: formatAmount(g.fee, c),
            gateway_cost: formatAmount(g.cost, c),
            reseller_commission: formatAmount(g.commission, c),
            earnings: formatAmount(g.fee - g.cost - g.commission, c),
          }),
        );
      }
      const csv = await exportCsv('getEarningsReport', period.fields);
      for (const row of answer.rows)
        expect(csv).toContain(
          `,${row.fee},${row.gateway_cost},${row.reseller_commission},${row.earnings}`,
        );
    }
  });

  it('summarises each merchant contract ledger, reconciled, in two zones', async () => {
    // A merchant with two contracts in one currency (a later version, in force in ten years):
    // both on its one ledger account, which the summary shows and totals once.
    await t.db.query(
      `INSERT INTO contracts
       SELECT (jsonb_populate_record(NULL::contracts, to_jsonb(c) || jsonb_build_object(
                 'id', gen_random_uuid(), 'version', c.version + 1,
                 'effective_from', now() + interval '10 years'))).*
         FROM contracts c JOIN accounts a ON a.id = c.merchant_account_id
        WHERE a.account_db_code = 'MER00001' AND c.currency = 'THB'
        ORDER BY c.version DESC LIMIT 1`,
    );
    const txs = await successfulTransactions();
    for (const period of PERIODS) {
      const answer = await read(ADMIN, 'getContractLedgerSummary', period.fields);
      const { rows: contracts } = await t.db.query<{
        id: string;
        merchant: string;
        currency: string;
      }>(
        `SELECT DISTINCT ON (a.account_db_code, c.currency)
                c.id::text AS id, c.merchant_account_id::text AS merchant, c.currency FROM contracts c
           JOIN accounts a ON a.id = c.merchant_account_id WHERE a.parent_account_id IS NULL
          ORDER BY a.account_db_code, c.currency, c.version DESC, c.created_at DESC`,
      );
      // One row a merchant and currency (its one ledger account), whatever its contracts.
      expect(answer.rows.map((r) => r.contract_id).sort()).toEqual(
        contracts.map((c) => c.id).sort(),
      );
      expect(answer.differences).toEqual([]);
      const openingOf = new Map<string, bigint>();
      for (const row of answer.rows) {
        const c = contracts.find((x) => x.id === row.contract_id)!;
        const account = ledgerAccountId({
          ownerKind: 'account',
          ownerId: c.merchant,
          currency: c.currency,
          purpose: 'available',
        });
        const { rows: e } = await t.db.query<{ o: bigint; cr: bigint; db: bigint }>(
          `SELECT coalesce(sum(amount) FILTER (WHERE created_at < $2), 0)::bigint AS o,
                  coalesce(sum(amount) FILTER (WHERE created_at >= $2 AND amount > 0), 0)::bigint AS cr,
                  coalesce(-sum(amount) FILTER (WHERE created_at >= $2 AND amount < 0), 0)::bigint AS db
             FROM entries WHERE ledger_account_id = $1 AND created_at < $3`,
          [account, period.start, period.end],
        );
        const o = BigInt(e[0]!.o);
        const cr = BigInt(e[0]!.cr);
        const db = BigInt(e[0]!.db);
        openingOf.set(c.currency, (openingOf.get(c.currency) ?? 0n) + o);
        const fees = txs
          .filter(
            (x) =>
              x.owner === c.merchant &&
              x.currency === c.currency &&
              x.created_at.getTime() >= Date.parse(period.start) &&
              x.created_at.getTime() < Date.parse(period.end),
          )
          .reduce((sum, x) => sum + BigInt(x.fee), 0n);
        const f = (v: bigint) => formatAmount(v, c.currency);
        expect(row).toEqual(
          expect.objectContaining({
            opening: f(o),
            credits: f(cr),
            debits: f(db),
            fees: f(fees),
            closing: f(o + cr - db),
          }),
        );
      }
      // Each ledger account counted once in the totals.
      expect(Object.fromEntries(answer.totals.map((x) => [x.currency, x.opening]))).toEqual(
        Object.fromEntries(
          [...openingOf].map(([currency, o]) => [currency, formatAmount(o, currency)]),
        ),
      );
      const csv = await exportCsv('getContractLedgerSummary', period.fields);
      for (const row of answer.rows) expect(csv).toContain(`${row.contract_id}`);
    }
  });

  it('refuses everyone but administrators with the administrator module', async () => {
    for (const call of CALLS) {
      expect((await t.as(RESELLER, call, {})).status).toBe(403);
      expect((await t.as(MERCHANT, call, {})).status).toBe(403);
    }
    await t.db.query(
      `DELETE FROM account_modules WHERE module = 'administrator'
          AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [ADMIN2],
    );
    for (const call of CALLS) expect((await t.as(ADMIN2, call, {})).status).toBe(403);
  });
});
