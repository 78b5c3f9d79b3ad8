import { depositPercentOfLimit, formatAmount, parseAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCredentials } from '../../src/modules/gateway-admin/credentials-cipher';
import { loggedActions } from '../support/admin-log';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Row {
  id: string;
  payment_gateway_name: string;
  payment_gateway_code: string;
  currency: string;
  status: string;
  status_reason: string;
  pg_deposit_balance: string;
  balance_limit: string;
  percent_used: string;
  payin_cost_percent: string;
  has_credentials: boolean;
}
interface Page<R = Row> {
  rows: R[];
  total: number;
  status_counts: Record<string, number>;
}
interface BalanceRow {
  currency: string;
  payment_gateway_code: string;
  pg_deposit_balance: string;
  balance_limit: string;
  percent: string;
}

const SECRET = 'merchant-key=SUPER-SECRET-4711';

const newGateway = (extra: Record<string, string> = {}) => ({
  code: 'SBX-VND-9',
  dbCode: 'PGVND9',
  currency: 'VND',
  name: 'Sandbox Test Bank',
  country: 'Vietnam',
  connector: 'sandbox',
  balanceLimit: '5000000',
  payinCostPercent: '1.25',
  payinCostFixed: '100',
  payoutCostPercent: '0.5',
  payoutCostFixed: '0',
  ...extra,
});

const gatewayByCode = async (code: string) => {
  const page = await t.as<Page>(ADMIN, 'getGatewayAdminList', { search: code });
  return page.data.rows.find((r) => r.payment_gateway_code === code)!;
};

const payin = (orderId: string) =>
  t.api('POST', '/api/v1/payins', { amount: '50000', currency: 'VND', order_id: orderId });

const CALLS: [string, Record<string, string>][] = [
  ['getGatewayAdminList', {}],
  ['getPgCurrencyBalanceList', {}],
  ['createPaymentGateway', newGateway({ code: 'NOPE-1', dbCode: 'NOPE1' })],
  ['updatePaymentGateway', { id: '00000000-0000-4000-8000-000000000000', ...newGateway() }],
  [
    'setPaymentGatewayStatus',
    { id: '00000000-0000-4000-8000-000000000000', status: 'inactive', reason: 'Maintenance' },
  ],
  [
    'adjustGatewayDeposit',
    {
      id: '00000000-0000-4000-8000-000000000000',
      direction: 'increase',
      amount: '1',
      reason: 'Top up',
    },
  ],
];

describe('access', () => {
  it('refuses merchants, resellers and admins without the administrator module', async () => {
    await t.db.query(
      `DELETE FROM account_modules WHERE module = 'administrator'
         AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [ADMIN2],
    );
    const adjustments = await t.count('gateway_deposit_adjustments');
    for (const who of [MERCHANT, RESELLER, ADMIN2]) {
      for (const [name, fields] of CALLS) {
        const answer = await t.as(who, name, fields);
        expect({ who, name, status: answer.status }).toEqual({ who, name, status: 403 });
      }
      for (const call of ['getGatewayAdminList', 'getPgCurrencyBalanceList']) {
        expect((await t.as(who, 'exportList', { call, format: 'csv' })).status).toBe(403);
      }
    }
    expect(await t.count('gateway_deposit_adjustments')).toBe(adjustments);
    expect((await t.as<Page>(ADMIN, 'getGatewayAdminList')).data.total).toBe(10);
  });
});

describe('getGatewayAdminList', () => {
  it('filters by status, currency and a search, counting each status', async () => {
    const all = await t.as<Page>(ADMIN, 'getGatewayAdminList', { pageSize: '3' });
    expect(all.data).toMatchObject({ total: 10, status_counts: { activated: 8, inactive: 2 } });
    expect(all.data.rows).toHaveLength(3);
    const inactive = await t.as<Page>(ADMIN, 'getGatewayAdminList', { status: 'inactive' });
    expect(inactive.data.rows.map((r) => r.payment_gateway_code)).toEqual([
      'SBX-INR-2',
      'SBX-MYR-2',
    ]);
    const myr = await t.as<Page>(ADMIN, 'getGatewayAdminList', { currency: 'MYR' });
    expect(myr.data.total).toBe(2);
    const search = await t.as<Page>(ADMIN, 'getGatewayAdminList', { search: 'duitnow' });
    expect(search.data.rows.map((r) => r.payment_gateway_code)).toEqual(['SBX-MYR-1']);
    const bad = await t.as(ADMIN, 'getGatewayAdminList', { status: 'on' });
    expect(bad).toMatchObject({ status: 400, message: 'status must be activated or inactive' });
  });
});

describe('createPaymentGateway and updatePaymentGateway', () => {
  it('refuses bad input naming the field, creating nothing', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ name: '' }, 400, 'name is required'],
      [{ code: 'sbx 1' }, 400, 'code must be capital letters, digits, - or _ (e.g. SBX-MYR-3)'],
      [{ currency: 'XXX' }, 400, 'currency must be one of'],
      [{ connector: 'paypal' }, 400, 'connector must be one of sandbox'],
      [{ payinCostPercent: '101' }, 400, 'payinCostPercent must be a percent from 0 to 100'],
      [{ balanceLimit: '-5' }, 400, 'balanceLimit must be a decimal number'],
      [{ balanceLimit: '10.5' }, 400, 'balanceLimit must have no decimals in VND'],
      [
        { payoutCostFixed: '0.001', currency: 'MYR' },
        400,
        'payoutCostFixed must have at most 2 decimals in MYR',
      ],
      [{ code: 'SBX-MYR-1' }, 409, 'A payment gateway already has the code SBX-MYR-1'],
    ];
    for (const [extra, status, message] of cases) {
      const answer = await t.as(ADMIN, 'createPaymentGateway', newGateway(extra));
      expect(answer.status).toBe(status);
      expect(answer.message).toContain(message);
    }
    expect(await t.count('payment_gateways')).toBe(10);
    expect(await loggedActions(t.db, 'payment_gateway.create')).toEqual([]);
  });

  it('creates and edits a gateway, audited, keeping credentials encrypted and unseen', async () => {
    const created = await t.as<Row>(
      ADMIN,
      'createPaymentGateway',
      newGateway({ credentials: SECRET }),
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      payment_gateway_code: 'SBX-VND-9',
      status: 'activated',
      pg_deposit_balance: '0',
      balance_limit: '5000000',
      payin_cost_percent: '1.2500',
      has_credentials: true,
    });
    const stored = (
      await t.db.query<{ credentials_encrypted: string }>(
        'SELECT credentials_encrypted FROM payment_gateways WHERE id = $1',
        [created.data.id],
      )
    ).rows[0]!.credentials_encrypted;
    expect(stored).not.toContain('SUPER-SECRET');
    expect(decryptCredentials(t.config.sandboxSecret, stored)).toBe(SECRET);

    // Empty credentials on edit keep the stored ones; the change is logged before → after.
    const edited = await t.as<Row>(ADMIN, 'updatePaymentGateway', {
      id: created.data.id,
      ...newGateway({ name: 'Sandbox Test Bank 2', balanceLimit: '8000000' }),
    });
    expect(edited.data).toMatchObject({
      payment_gateway_name: 'Sandbox Test Bank 2',
      balance_limit: '8000000',
      has_credentials: true,
    });
    const [update] = await loggedActions(t.db, 'payment_gateway.update');
    expect(update).toMatchObject({
      actor_username: expect.any(String),
      target_id: created.data.id,
      before: { name: 'Sandbox Test Bank', balance_limit: '5000000' },
      after: { name: 'Sandbox Test Bank 2', balance_limit: '8000000' },
    });
    const [create] = await loggedActions(t.db, 'payment_gateway.create');
    expect(create!.after).toMatchObject({ code: 'SBX-VND-9', has_credentials: true });

    // An edit changing nothing writes nothing; a bad amount refuses, changing nothing.
    await t.as(ADMIN, 'updatePaymentGateway', {
      id: created.data.id,
      ...newGateway({ name: 'Sandbox Test Bank 2', balanceLimit: '8000000' }),
    });
    expect(await loggedActions(t.db, 'payment_gateway.update')).toHaveLength(1);
    const bad = await t.as(ADMIN, 'updatePaymentGateway', {
      id: created.data.id,
      ...newGateway({ balanceLimit: '1.5' }),
    });
    expect(bad).toMatchObject({
      status: 400,
      message: 'balanceLimit must have no decimals in VND',
    });
    expect((await gatewayByCode('SBX-VND-9')).balance_limit).toBe('8000000');

    // The secret appears in no answer, export or log.
    const answers = [
      created,
      edited,
      await t.as(ADMIN, 'getGatewayAdminList'),
      await t.as(ADMIN, 'getPgCurrencyBalanceList'),
      await t.as(ADMIN, 'getPaymentGatewayList'),
      await t.as(ADMIN, 'getPgListByCurrency', { currency: 'VND' }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain('SUPER-SECRET');
    for (const call of ['getGatewayAdminList', 'getPgCurrencyBalanceList']) {
      for (const format of ['csv', 'xlsx']) {
        const file = await t.app.inject({
          method: 'POST',
          url: '/controller/admin/exportList',
          payload: { ...(await t.signIn(ADMIN)), call, format },
        });
        expect(file.statusCode).toBe(200);
        expect(file.body).not.toContain('SUPER-SECRET');
        expect(file.body).not.toContain(stored.slice(3, 20));
      }
    }
    const logs = await t.db.query<{ text: string }>(
      `SELECT row_to_json(l)::text AS text FROM admin_logs l`,
    );
    for (const r of logs.rows) expect(r.text).not.toContain('SUPER-SECRET');

    // Clearing removes them.
    const cleared = await t.as<Row>(ADMIN, 'updatePaymentGateway', {
      id: created.data.id,
      ...newGateway({ name: 'Sandbox Test Bank 2', balanceLimit: '8000000' }),
      clearCredentials: '1',
    });
    expect(cleared.data.has_credentials).toBe(false);
  });
});

describe('setPaymentGatewayStatus', () => {
  it('needs a reason, and a deactivated gateway takes no new pay-ins', async () => {
    const vnd = await gatewayByCode('SBX-VND-1');
    const noReason = await t.as(ADMIN, 'setPaymentGatewayStatus', {
      id: vnd.id,
      status: 'inactive',
    });
    expect(noReason).toMatchObject({ status: 400, message: 'reason is required' });
    const unknown = await t.as(ADMIN, 'setPaymentGatewayStatus', {
      id: '00000000-0000-4000-8000-000000000000',
      status: 'inactive',
      reason: 'Maintenance',
    });
    expect(unknown.status).toBe(404);
    // The other VND gateway (created above) is switched off too, so VND has none left.
    const other = await gatewayByCode('SBX-VND-9');
    for (const g of [vnd, other]) {
      const off = await t.as<Row>(ADMIN, 'setPaymentGatewayStatus', {
        id: g.id,
        status: 'inactive',
        reason: 'Bank maintenance window',
      });
      expect(off.data).toMatchObject({
        status: 'inactive',
        status_reason: 'Bank maintenance window',
      });
    }
    expect((await payin('gw-admin-off')).status).toBe(409);
    const logged = await loggedActions(t.db, 'payment_gateway.update_status');
    expect(logged.at(-2)).toMatchObject({
      target_id: vnd.id,
      before: { status: 'activated' },
      after: { status: 'inactive', reason: 'Bank maintenance window' },
    });
    // Already inactive: nothing is written.
    await t.as(ADMIN, 'setPaymentGatewayStatus', {
      id: vnd.id,
      status: 'inactive',
      reason: 'Again, no change',
    });
    expect(await loggedActions(t.db, 'payment_gateway.update_status')).toHaveLength(logged.length);

    const on = await t.as<Row>(ADMIN, 'setPaymentGatewayStatus', {
      id: vnd.id,
      status: 'activated',
      reason: 'Maintenance finished',
    });
    expect(on.data.status).toBe('activated');
    const accepted = await payin('gw-admin-on');
    expect(accepted.status).toBe(201);
    await t.sandbox.idle();
  });
});

describe('adjustGatewayDeposit', () => {
  it('moves the deposit balance exactly by a balanced journal, audited', async () => {
    const g = await gatewayByCode('SBX-MYR-1');
    const before = parseAmount(g.pg_deposit_balance, 'MYR')!;
    const answer = await t.as<{
      journal_id: string;
      balance_before: string;
      balance_after: string;
      gateway: Row;
    }>(ADMIN, 'adjustGatewayDeposit', {
      id: g.id,
      direction: 'increase',
      amount: '1234.56',
      reason: 'Bank transfer to the gateway',
    });
    expect(answer.status).toBe(200);
    const after = before + 123_456n;
    expect(answer.data).toMatchObject({
      balance_before: formatAmount(before, 'MYR'),
      balance_after: formatAmount(after, 'MYR'),
      gateway: { pg_deposit_balance: formatAmount(after, 'MYR') },
    });
    expect((await gatewayByCode('SBX-MYR-1')).pg_deposit_balance).toBe(formatAmount(after, 'MYR'));
    const balances = await t.as<Page<BalanceRow>>(ADMIN, 'getPgCurrencyBalanceList', {
      currency: 'MYR',
    });
    expect(
      balances.data.rows.find((r) => r.payment_gateway_code === 'SBX-MYR-1')!.pg_deposit_balance,
    ).toBe(formatAmount(after, 'MYR'));
    const entries = await t.db.query<{ amount: bigint }>(
      'SELECT amount FROM entries WHERE journal_id = $1',
      [answer.data.journal_id],
    );
    expect(entries.rows).toHaveLength(2);
    expect(entries.rows.reduce((s, e) => s + BigInt(e.amount), 0n)).toBe(0n);
    await t.expectCleanLedger();
    const [log] = await loggedActions(t.db, 'payment_gateway.adjust_deposit');
    expect(log).toMatchObject({
      target_id: g.id,
      before: { pg_deposit_balance: formatAmount(before, 'MYR') },
      after: {
        pg_deposit_balance: formatAmount(after, 'MYR'),
        reason: 'Bank transfer to the gateway',
      },
    });

    const down = await t.as<{ balance_after: string }>(ADMIN, 'adjustGatewayDeposit', {
      id: g.id,
      direction: 'decrease',
      amount: '0.56',
      reason: 'Gateway charge refund',
    });
    expect(down.data.balance_after).toBe(formatAmount(after - 56n, 'MYR'));
    await t.expectCleanLedger();
  });

  it('refuses bad amounts and going below zero, changing nothing', async () => {
    const g = await gatewayByCode('SBX-THB-2');
    const adjustments = await t.count('gateway_deposit_adjustments');
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: '1.001' }, 400, 'amount must have at most 2 decimals in THB'],
      [{ amount: '10.000' }, 400, 'amount must have at most 2 decimals in THB'],
      [{ amount: ' 10' }, 400, 'amount must be a decimal number such as 100.50'],
      [{ amount: '0' }, 400, 'amount must be more than zero'],
      [{ amount: 'abc' }, 400, 'amount must be a decimal number such as 100.50'],
      [{ direction: 'up' }, 400, 'direction must be increase or decrease'],
      [{ reason: '' }, 400, 'reason is required'],
      [{ direction: 'decrease', amount: '999999999' }, 409, 'cannot go below zero'],
    ];
    for (const [extra, status, message] of cases) {
      const fields = {
        id: g.id,
        direction: 'increase',
        amount: '10',
        reason: 'A test reason',
        ...extra,
      };
      const answer = await t.as(ADMIN, 'adjustGatewayDeposit', fields);
      expect(answer.status).toBe(status);
      expect(answer.message).toContain(message);
    }
    expect(await t.count('gateway_deposit_adjustments')).toBe(adjustments);
    expect((await gatewayByCode('SBX-THB-2')).pg_deposit_balance).toBe(g.pg_deposit_balance);
  });
});

describe('getPgCurrencyBalanceList', () => {
  it('shows the same deposit, limit and percent as the dashboard', async () => {
    const page = await t.as<Page<BalanceRow>>(ADMIN, 'getPgCurrencyBalanceList', {
      status: 'activated',
    });
    const dashboard = await t.as<{ top_pg_balance: BalanceRow[] }>(ADMIN, 'getAdminDashboardV2');
    expect(dashboard.data.top_pg_balance.length).toBeGreaterThan(0);
    for (const d of dashboard.data.top_pg_balance) {
      const row = page.data.rows.find((r) => r.payment_gateway_code === d.payment_gateway_code)!;
      expect(row).toMatchObject({
        pg_deposit_balance: d.pg_deposit_balance,
        balance_limit: d.balance_limit,
        percent: d.percent,
      });
    }
    // Every row's percent is its deposit over its limit (2 decimals, rounded down).
    for (const r of page.data.rows) {
      const [balance, limit] = [r.pg_deposit_balance, r.balance_limit].map((v) =>
        parseAmount(v, r.currency)!,
      );
      expect(r.percent).toBe(depositPercentOfLimit(balance!, limit!));
    }
  });
});
