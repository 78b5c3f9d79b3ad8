import {
  formatAmount,
  JOURNAL_KINDS,
  kindsOfColumn,
  MERCHANT_SETTLEMENT_COLUMNS,
  MERCHANT_SETTLEMENT_MOVEMENTS,
  MERCHANT_STATEMENT_COLUMNS,
  MERCHANT_STATEMENT_MOVEMENTS,
  parseAmount,
  RESELLER_SETTLEMENT_COLUMNS,
  type EntryViewRow,
  type EntryViewTotals,
  type MovementColumns,
} from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { exportedCsvRows } from '../support/test-app';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

// The entries view (issue 44, "every figure opens its entries"): each column of the balance
// reports and the merchant statement opens the entries its figure is made of, and their sum is
// the figure; the pages and the export hold exactly those entries.

interface EntriesAnswer {
  rows: EntryViewRow[];
  total: number;
  totals: EntryViewTotals[];
  differences: string[];
  owner: { owner_id: string; owner_db_code: string; owner_type: string };
  purposes: string[];
  kinds: string[];
}
type Figures = Record<string, string>;

const PERIOD = { from: '2026-10-29T00:00:00Z', to: '2026-11-01T23:59:59Z' };

let t: MoneyApp;
let merchantId: string;
let resellerId: string;

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 5, payinsPerDay: 60, today: new Date('2026-11-02T00:00:00Z') });
  merchantId = await t.accountId('MER00001');
  resellerId = await t.accountId('RES00001');
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

async function entries(email: string, fields: Record<string, string>) {
  const r = await t.as<EntriesAnswer>(email, 'getLedgerEntries', { ...PERIOD, ...fields });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

/** Minor units of an amount text in the currency (an empty side: zero). */
function minor(text: string | null, currency: string): bigint {
  const value = parseAmount(text || '0', currency);
  if (value === null) throw new Error(`not an amount: ${text}`);
  return value;
}

/** The signed sum of entry rows (credit positive), in minor units. */
const summed = (rows: readonly EntryViewRow[]) =>
  rows.reduce((s, r) => s + minor(r.credit, r.currency) - minor(r.debit, r.currency), 0n);

/**
 * Each movement column's figure equals the net of the entries its link opens (an outflow's
 * figure is that net negated), read by the entries view's totals and by its rows page by page.
 */
async function expectColumnsOpenTheirEntries<C extends string>(
  columns: readonly C[],
  map: MovementColumns<C>,
  figures: Figures,
  owner: { email: string; ownerId: string; currency: string; timeZone?: string },
) {
  const zone: Record<string, string> = owner.timeZone ? { timeZone: owner.timeZone } : {};
  let nonZero = 0;
  for (const column of columns) {
    const kinds = kindsOfColumn(map, column).join(',');
    const view = await entries(owner.email, {
      ownerId: owner.ownerId,
      currency: owner.currency,
      kinds,
      pageSize: '100',
      ...zone,
    });
    const net = minor(view.totals[0]!.net, owner.currency);
    const shown = minor(figures[column]!, owner.currency);
    expect(map.outflows?.includes(column) ? -net : net, column).toBe(shown);
    const rows: EntryViewRow[] = [...view.rows];
    for (let page = 2; (page - 1) * 100 < view.total; page++) {
      rows.push(
        ...(
          await entries(owner.email, {
            ownerId: owner.ownerId,
            currency: owner.currency,
            kinds,
            pageSize: '100',
            page: String(page),
            ...zone,
          })
        ).rows,
      );
    }
    expect(rows.length, column).toBe(view.total);
    expect(summed(rows), column).toBe(net);
    expect(rows.every((r) => kinds.split(',').includes(r.kind))).toBe(true);
    if (net !== 0n) nonZero++;
  }
  return nonZero;
}

describe('the entries view', () => {
  for (const zone of ['Default', 'India'] as const) {
    it(`opens every column of the merchant balance settlement with entries that sum to it (${zone})`, async () => {
      const period = { ...PERIOD, timeZone: zone };
      const report = await t.as<{ rows: (Figures & { merchant_id: string })[] }>(
        ADMIN,
        'getMerchantBalanceSettlement',
        { ...period, currency: 'THB', merchantDbCode: 'MER00001' },
      );
      expect(report.status, report.message).toBe(200);
      const row = report.data.rows[0]!;
      const nonZero = await expectColumnsOpenTheirEntries(
        MERCHANT_SETTLEMENT_MOVEMENTS,
        MERCHANT_SETTLEMENT_COLUMNS,
        row,
        { email: ADMIN, ownerId: merchantId, currency: 'THB', timeZone: zone },
      );
      expect(nonZero).toBeGreaterThanOrEqual(2);
      // Without a kind, the balances too: the report's opening and closing; its parts.
      const all = await entries(ADMIN, { ownerId: merchantId, currency: 'THB', timeZone: zone });
      expect(all.totals[0]).toMatchObject({ opening: row.opening, closing: row.closing });
      expect(all.differences).toEqual([]);
      const reserved = await entries(ADMIN, {
        ownerId: merchantId,
        currency: 'THB',
        timeZone: zone,
        purposes: 'reserved,payout_reserved',
      });
      expect(reserved.totals[0]!.closing).toBe(row.reserved);
      const held = await entries(ADMIN, {
        ownerId: merchantId,
        currency: 'THB',
        timeZone: zone,
        purposes: 'disputed',
      });
      expect(held.totals[0]!.closing).toBe(row.disputes_held);
    });
  }

  it('opens every column of the merchant statement, asked by the merchant itself', async () => {
    const statement = await t.as<{ rows: Figures[] }>(ADMIN, 'getMerchantStatement', {
      ...PERIOD,
      merchantId,
      currency: 'THB',
    });
    expect(statement.status, statement.message).toBe(200);
    const nonZero = await expectColumnsOpenTheirEntries(
      MERCHANT_STATEMENT_MOVEMENTS,
      MERCHANT_STATEMENT_COLUMNS,
      statement.data.rows[0]!,
      { email: MERCHANT, ownerId: '', currency: 'THB' },
    );
    expect(nonZero).toBeGreaterThanOrEqual(2);
  });

  it('opens the reseller balance settlement, asked by the reseller', async () => {
    const report = await t.as<{ rows: Figures[] }>(RESELLER, 'getResellerBalanceSettlement', {
      ...PERIOD,
      currency: 'THB',
    });
    expect(report.status, report.message).toBe(200);
    const row = report.data.rows[0]!;
    const nonZero = await expectColumnsOpenTheirEntries(
      ['earned', 'withdrawn'] as const,
      RESELLER_SETTLEMENT_COLUMNS,
      row,
      { email: RESELLER, ownerId: resellerId, currency: 'THB' },
    );
    expect(nonZero).toBeGreaterThanOrEqual(1);
    const all = await entries(RESELLER, { currency: 'THB' });
    expect(all.owner.owner_type).toBe('reseller');
    expect(all.purposes).toEqual(['commission', 'commission_reserved']);
    expect(all.totals[0]).toMatchObject({ opening: row.opening, closing: row.closing });
  });

  it('knows every journal kind the books hold, so "the rest" columns miss none', async () => {
    const { rows } = await t.db.query<{ kind: string }>(`SELECT DISTINCT kind FROM journal`);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.kind).filter((k) => !JOURNAL_KINDS.includes(k))).toEqual([]);
  });

  it('pages in posting order and exports every entry the filters match', async () => {
    const first = await entries(MERCHANT, { currency: 'THB', pageSize: '25' });
    const second = await entries(MERCHANT, { currency: 'THB', pageSize: '25', page: '2' });
    const times = [...first.rows, ...second.rows].map((r) => r.posted_at);
    expect(times).toEqual([...times].sort());
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(50);
    // Every page, the later half read from the period's end, in the journal's own order.
    const ids: string[] = [];
    for (let page = 1; (page - 1) * 40 < first.total; page++) {
      const answer = await entries(MERCHANT, {
        currency: 'THB',
        pageSize: '40',
        page: String(page),
      });
      ids.push(...answer.rows.map((r) => r.id));
    }
    const ordered = await t.db.query<{ id: string }>(
      `SELECT e.id::text AS id FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE la.owner_kind = 'account' AND la.owner_id = $1 AND la.currency = 'THB'
          AND la.purpose <> 'usdt_wallet'
          AND e.created_at >= '2026-10-29T00:00:00Z' AND e.created_at < '2026-11-02T00:00:00Z'
        ORDER BY e.created_at, e.id`,
      [merchantId],
    );
    expect(ids).toEqual(ordered.rows.map((r) => r.id));
    const session = await t.signIn(MERCHANT);
    const exported = await exportedCsvRows(t.app, session, 'getLedgerEntries', {
      ...PERIOD,
      currency: 'THB',
    });
    expect(exported.length).toBe(first.total);
    const net = exported.reduce(
      (s, r) => s + minor(r.credit || null, 'THB') - minor(r.debit || null, 'THB'),
      0n,
    );
    expect(formatAmount(net, 'THB')).toBe(first.totals[0]!.net);
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE la.owner_kind = 'account' AND la.owner_id = $1 AND la.currency = 'THB'
          AND la.purpose <> 'usdt_wallet'
          AND e.created_at >= '2026-10-29T00:00:00Z' AND e.created_at < '2026-11-02T00:00:00Z'`,
      [merchantId],
    );
    expect(String(first.total)).toBe(rows[0]!.n);
  });

  it('keeps to the caller scope and refuses what it cannot read', async () => {
    expect(
      (
        await t.as(MERCHANT2, 'getLedgerEntries', {
          ...PERIOD,
          ownerId: merchantId,
          currency: 'THB',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.as(RESELLER2, 'getLedgerEntries', {
          ...PERIOD,
          ownerId: merchantId,
          currency: 'THB',
        })
      ).status,
    ).toBe(404);
    expect(
      (await entries(RESELLER, { ownerId: merchantId, currency: 'THB' })).owner.owner_db_code,
    ).toBe('MER00001');
    const admin = await t.as(ADMIN, 'getLedgerEntries', { ...PERIOD, currency: 'THB' });
    expect([admin.status, admin.message]).toEqual([400, 'ownerId: is required']);
    const foreign = await t.as(MERCHANT, 'getLedgerEntries', {
      ...PERIOD,
      currency: 'THB',
      purposes: 'commission',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.message).toContain('a merchant has no commission account');
    const unknown = await t.as(MERCHANT, 'getLedgerEntries', {
      ...PERIOD,
      currency: 'THB',
      kinds: 'payin.success,payin.nope',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('unknown journal kind: payin.nope');
  });

  it('opens the platform’s and a gateway’s own accounts, to administrators only', async () => {
    /** An account's balance before an instant, summed from its entries. */
    const balanceBefore = async (kind: string, owner: string, purpose: string, at: string) => {
      const { rows } = await t.db.query<{ b: bigint }>(
        `SELECT coalesce(sum(e.amount), 0)::bigint AS b FROM entries e
           JOIN ledger_accounts la ON la.id = e.ledger_account_id
          WHERE la.owner_kind = $1 AND la.owner_id = $2 AND la.currency = 'THB'
            AND la.purpose = $3 AND e.created_at < $4`,
        [kind, owner, purpose, at],
      );
      return BigInt(rows[0]!.b);
    };
    const { rows: gateways } = await t.db.query<{ id: string; code: string }>(
      `SELECT g.id::text AS id, g.payment_gateway_code AS code FROM payment_gateways g
        WHERE EXISTS (SELECT 1 FROM payins p WHERE p.gateway_id = g.id AND p.currency = 'THB')
        ORDER BY 2 LIMIT 1`,
    );
    const gateway = gateways[0]!;
    const cases = [
      ['platform', '00000000-0000-0000-0000-000000000000', 'platform_fees', {}],
      ['platform', '00000000-0000-0000-0000-000000000000', 'bank', {}],
      ['gateway', gateway.id, 'gateway_clearing', { ownerId: gateway.id }],
    ] as const;
    for (const [kind, owner, purpose, named] of cases) {
      const view = await entries(ADMIN, {
        ownerKind: kind,
        ...named,
        currency: 'THB',
        purposes: purpose,
        pageSize: '200',
      });
      const totals = view.totals[0]!;
      const where = `${kind} ${purpose}`;
      expect(view.owner.owner_type, where).toBe(kind);
      expect(view.differences, where).toEqual([]);
      expect(minor(totals.opening, 'THB'), where).toBe(
        await balanceBefore(kind, owner, purpose, '2026-10-29T00:00:00Z'),
      );
      expect(minor(totals.closing, 'THB'), where).toBe(
        await balanceBefore(kind, owner, purpose, '2026-11-02T00:00:00Z'),
      );
      expect(view.total, where).toBeGreaterThan(0);
      expect(view.rows.every((r) => r.purpose === purpose)).toBe(true);
      if (view.total <= 200) expect(summed(view.rows), where).toBe(minor(totals.net, 'THB'));
    }
    const gatewayView = await entries(ADMIN, {
      ownerKind: 'gateway',
      ownerId: gateway.id,
      currency: 'THB',
    });
    expect(gatewayView.owner.owner_db_code).toBe(gateway.code);
    // /pg-currency-balance's deposit is the clearing account's closing now, negated (the
    // link's title says so): the link's period is this UTC month to today.
    const today = new Date().toISOString().slice(0, 10);
    const now = await entries(ADMIN, {
      ownerKind: 'gateway',
      ownerId: gateway.id,
      currency: 'THB',
      from: `${today.slice(0, 7)}-01T00:00:00Z`,
      to: `${today}T23:59:59Z`,
    });
    const deposits = await t.as<{ rows: { id: string; pg_deposit_balance: string }[] }>(
      ADMIN,
      'getPgCurrencyBalanceList',
      { currency: 'THB', pageSize: '100' },
    );
    const deposit = deposits.data.rows.find((r) => r.id === gateway.id)!;
    expect(minor(deposit.pg_deposit_balance, 'THB')).toBe(-minor(now.totals[0]!.closing, 'THB'));

    for (const user of [RESELLER, MERCHANT]) {
      const refused = await t.as(user, 'getLedgerEntries', {
        ...PERIOD,
        ownerKind: 'platform',
        currency: 'THB',
      });
      expect(refused.status, user).toBe(403);
    }
    const bad = async (fields: Record<string, string>) => {
      const r = await t.as(ADMIN, 'getLedgerEntries', { ...PERIOD, currency: 'THB', ...fields });
      return [r.status, r.message];
    };
    expect(await bad({ ownerKind: 'platform', ownerId: merchantId })).toEqual([
      400,
      'ownerId: the platform’s accounts have no owner id',
    ]);
    expect(await bad({ ownerKind: 'gateway' })).toEqual([400, 'ownerId: name the gateway']);
    expect((await bad({ ownerKind: 'gateway', ownerId: merchantId }))[0]).toBe(404);
    expect(await bad({ ownerKind: 'platform', purposes: 'available' })).toEqual([
      400,
      'purposes: a platform has no available account',
    ]);
    expect((await bad({ ownerKind: 'house' }))[0]).toBe(400);
  });
});
