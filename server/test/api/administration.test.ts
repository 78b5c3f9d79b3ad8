import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogRow,
  changeUsdtRate,
  getAdminLogs,
  getUsdtRateHistory,
  getUsdtRates,
  getWithdrawalHistory,
  parseUsdtRate,
  usdtRateChangeRow,
  withdrawalHistoryRow,
} from '@bo/contract';
import { buildCallRegistry } from '../../src/calls';
import { changePayins, createPayins } from '../../src/modules/payins/payins.service';
import { encodeMultipart } from '../support/test-app';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  RESELLER,
  SUB,
  saveTestWallet,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await saveTestWallet(t, MERCHANT);
  // A paid pay-in of 10000.03 THB (as the demo world makes them): merchant net 9750.03,
  // reseller commission 100.00.
  const merchantId = await t.accountId('MER00001');
  const at = new Date();
  await t.db.transaction(async (tx) => {
    const [payin] = await createPayins(tx, [
      { merchantId, orderId: 'admin-tools-1', currency: 'THB', amount: 1_000_003n, createdAt: at },
    ]);
    await changePayins(tx, [
      { id: payin!.id, status: 'processing', at, reference: 'SBX-1', paymentUrl: '/sandbox/pay/1' },
      { id: payin!.id, status: 'success', at },
    ]);
  });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const NEW_CALLS = [getWithdrawalHistory, getUsdtRates, getUsdtRateHistory, changeUsdtRate];
const RATE_CHANGE = { currency: 'THB', rate: '36.25', reason: 'Market moved' };

interface Page<R> {
  rows: R[];
  total: number;
  status_counts?: Record<string, number>;
}

/** A minimal RFC 4180 reader: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    line.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endField();
      lines.push(line);
      line = [];
    } else field += ch;
  }
  if (field || line.length) {
    endField();
    lines.push(line);
  }
  return lines;
}

/** The rows `exportList` writes for a list call and fields, as records by column name. */
async function exported(call: string, fields: Record<string, string> = {}) {
  const session = await t.signIn(ADMIN);
  const { body, contentType } = await encodeMultipart({
    ...session,
    call,
    format: 'csv',
    ...fields,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/controller/admin/exportList',
    payload: body,
    headers: { 'content-type': contentType },
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const lines = parseCsv(response.body.replace(/^\uFEFF/, ''));
  // The column names are the first line: nothing stands above them.
  const columns = lines[0]!;
  expect(columns[0]).toBe('id');
  return lines
    .slice(1)
    .filter((l) => l.length === columns.length)
    .map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i]!])));
}

describe('access', () => {
  it('refuses every new call to resellers, merchants and sub-accounts', async () => {
    for (const email of [RESELLER, MERCHANT, SUB])
      for (const call of NEW_CALLS) {
        const answer = await t.as(email, call.name, RATE_CHANGE);
        expect(answer.status, `${email} ${call.name}`).toBe(403);
      }
    expect((await t.as(RESELLER, 'getAdminLogs')).status).toBe(403);
    const rates = await t.as<{ rates: { currency: string; rate: string }[] }>(
      ADMIN,
      'getUsdtRates',
    );
    expect(rates.data.rates.find((r) => r.currency === 'THB')?.rate).toBe('34.50000000');
  });

  it('offers no call that changes or removes an admin log entry', () => {
    const names = buildCallRegistry().names();
    const touchingLogs = names.filter((n) => /log/i.test(n) && !/^get|^export/i.test(n));
    expect(touchingLogs.filter((n) => /admin/i.test(n))).toEqual([]);
    expect(names).toContain(getAdminLogs.name);
  });

  it('has the database refuse UPDATE, DELETE and TRUNCATE of the admin log', async () => {
    await t.as(ADMIN, 'getUsdtRates');
    const before = await t.count('admin_logs');
    expect(before).toBeGreaterThan(0);
    await expect(t.db.query(`UPDATE admin_logs SET action = 'edited'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM admin_logs')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE admin_logs')).rejects.toThrow(/append-only/);
    expect(await t.count('admin_logs')).toBe(before);
  });
});

describe('changeUsdtRate', () => {
  it('validates the currency, the rate (> 0, at most 8 decimals) and the reason', async () => {
    const refused = async (fields: Record<string, string>, message: RegExp) => {
      const answer = await t.as(ADMIN, 'changeUsdtRate', { ...RATE_CHANGE, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.message).toMatch(message);
    };
    await refused({ rate: '0' }, /^rate must be more than zero/);
    await refused({ rate: '0.00000000' }, /^rate must be more than zero/);
    await refused({ rate: '-1' }, /^rate must be a decimal number/);
    await refused({ rate: 'abc' }, /^rate must be a decimal number/);
    await refused({ rate: '34.123456789' }, /^rate must have at most 8 decimals/);
    await refused({ rate: '12345678901' }, /^rate must be a decimal number/);
    await refused({ rate: '' }, /^rate is required/);
    await refused({ reason: '' }, /^reason is required/);
    await refused({ reason: '   ' }, /^reason is required/);
    await refused({ currency: 'USDT' }, /^currency must be a fiat currency/);
    await refused({ currency: 'XYZ' }, /^currency must be one of/);
    expect(await t.count('usdt_rate_changes')).toBe(0);
    const rates = await t.as<{ rates: { currency: string; rate: string }[] }>(
      ADMIN,
      'getUsdtRates',
    );
    expect(rates.data.rates.find((r) => r.currency === 'THB')?.rate).toBe('34.50000000');
    expect(parseUsdtRate('0.00000001')).toEqual({ ok: true, rateE8: 1n });
    expect(parseUsdtRate('34.5')).toEqual({ ok: true, rateE8: 3_450_000_000n });
  });

  it('applies to the next wallet settlement only; earlier ones keep their rate', async () => {
    const settle = (amount: string) =>
      t.as<{ id: string; usdt_rate: string; usdt_amount: string }>(
        MERCHANT,
        'requestSettlementWallet',
        { currency: 'THB', amount },
      );
    const earlier = await settle('3450.00');
    expect(earlier.data).toMatchObject({ usdt_rate: '34.50000000', usdt_amount: '100.000000' });

    const changed = await t.as<{ rate: string; updated_by: string; reason: string }>(
      ADMIN,
      'changeUsdtRate',
      RATE_CHANGE,
    );
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({
      rate: '36.25000000',
      updated_by: 'admin',
      reason: 'Market moved',
    });

    const later = await settle('3625.00');
    expect(later.data).toMatchObject({ usdt_rate: '36.25000000', usdt_amount: '100.000000' });
    const { rows } = await t.db.query<{ id: string; usdt_rate_e8: bigint; usdt_amount: bigint }>(
      'SELECT id, usdt_rate_e8, usdt_amount FROM settlements WHERE id = ANY($1::uuid[])',
      [[earlier.data.id, later.data.id]],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(earlier.data.id)).toMatchObject({
      usdt_rate_e8: 3_450_000_000n,
      usdt_amount: 100_000_000n,
    });
    expect(byId.get(later.data.id)).toMatchObject({ usdt_rate_e8: 3_625_000_000n });

    // Completing the earlier one pays what it recorded at 34.50, not at the new rate.
    await t.approveByTwo('approveSettlementWallet', earlier.data.id);
    await t.as(ADMIN, 'completeSettlementWallet', { id: earlier.data.id });
    const wallet = await t.as<{ balance: string }>(MERCHANT, 'getUsdtWalletBalance', {});
    expect(wallet.data.balance).toBe('100.000000');
    await t.as(ADMIN, 'rejectSettlementWallet', { id: later.data.id, ...REJECTION });
  });

  it('keeps the history with who, when and why, and an admin log entry', async () => {
    const same = await t.as(ADMIN2, 'changeUsdtRate', RATE_CHANGE);
    expect(same.status).toBe(409);
    const myr = await t.as(ADMIN2, 'changeUsdtRate', {
      currency: 'MYR',
      rate: '4.5',
      reason: 'Bank quote',
    });
    expect(myr.status).toBe(200);
    // A first rate waits for a second admin (docs/security.md, Guarded settings).
    const bdt = await t.as<{ pending_change: { id: string } }>(ADMIN2, 'changeUsdtRate', {
      currency: 'BDT',
      rate: '119.75',
      reason: 'First rate',
    });
    expect(bdt.status).toBe(200);
    const approved = await t.as(ADMIN, 'approveSettingChange', { id: bdt.data.pending_change.id });
    expect(approved.status, approved.message).toBe(200);
    const history = await t.as<Page<Record<string, unknown>>>(ADMIN, 'getUsdtRateHistory');
    expect(history.data.total).toBe(3);
    for (const row of history.data.rows) usdtRateChangeRow.parse(row);
    expect(history.data.rows.map((r) => [r.currency, r.previous_rate, r.rate])).toEqual([
      ['BDT', null, '119.75000000'],
      ['MYR', '4.47000000', '4.50000000'],
      ['THB', '34.50000000', '36.25000000'],
    ]);
    expect(history.data.rows[2]).toMatchObject({ changed_by: 'admin', reason: 'Market moved' });
    await expect(t.db.query('DELETE FROM usdt_rate_changes')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE usdt_rate_changes')).rejects.toThrow(/append-only/);
    const thb = await t.as<Page<unknown>>(ADMIN, 'getUsdtRateHistory', { currency: 'THB' });
    expect(thb.data.total).toBe(1);
    const logs = await t.as<Page<{ target_id: string; before: unknown; after: unknown }>>(
      ADMIN,
      'getAdminLogs',
      { action: 'usdt_rate' },
    );
    expect(logs.data.rows.map((r) => r.target_id)).toEqual(['BDT', 'MYR', 'THB']);
    expect(logs.data.rows[2]).toMatchObject({
      before: { rate: '34.50000000' },
      after: { rate: '36.25000000', reason: 'Market moved' },
    });
    const file = await exported(getUsdtRateHistory.name, { currency: 'MYR' });
    expect(file.map((r) => [r.currency, r.rate, r.reason])).toEqual([
      ['MYR', '4.50000000', 'Bank quote'],
    ]);
  });
});

describe('getWithdrawalHistory', () => {
  it('lists every decided withdrawal, with filters and an export equal to the list', async () => {
    const request = (amount: string) =>
      t.as<{ id: string }>(RESELLER, 'requestWithdrawal', {
        currency: 'THB',
        amount,
        bankName: 'KBank',
        accountNumber: '123',
        accountHolder: 'Reseller',
      });
    const pending = await request('10.00');
    const rejected = await request('20.00');
    const completed = await request('30.00');
    await t.as(ADMIN, 'rejectWithdrawal', { id: rejected.data.id, ...REJECTION });
    await t.approveByTwo('approveWithdrawal', completed.data.id);
    await t.as(ADMIN, 'completeWithdrawal', { id: completed.data.id });

    const all = await t.as<Page<Record<string, unknown>>>(ADMIN, 'getWithdrawalHistory');
    expect(all.status).toBe(200);
    for (const row of all.data.rows) withdrawalHistoryRow.parse(row);
    expect(all.data.rows.map((r) => r.id)).toEqual([completed.data.id, rejected.data.id]);
    expect(all.data.rows.map((r) => r.id)).not.toContain(pending.data.id);
    expect(all.data.status_counts).toEqual({ approved: 0, completed: 1, rejected: 1 });
    expect(all.data.rows[0]).toMatchObject({ status: 'completed', decided_by: 'admin' });
    expect(all.data.rows[1]).toMatchObject({
      status: 'rejected',
      decided_by: 'admin',
      decision_reason_code: 'other',
    });

    const rejectedOnly = await t.as<Page<{ id: string }>>(ADMIN, 'getWithdrawalHistory', {
      status: 'rejected',
    });
    expect(rejectedOnly.data.rows.map((r) => r.id)).toEqual([rejected.data.id]);
    const none = await t.as<Page<unknown>>(ADMIN, 'getWithdrawalHistory', { currency: 'MYR' });
    expect(none.data.total).toBe(0);
    const byReseller = await t.as<Page<unknown>>(ADMIN, 'getWithdrawalHistory', {
      resellerDbCode: 'RES00002',
    });
    expect(byReseller.data.total).toBe(0);
    expect((await t.as(ADMIN, 'getWithdrawalHistory', { status: 'pending' })).status).toBe(400);

    const file = await exported(getWithdrawalHistory.name);
    expect(file.map((r) => [r.id, r.status, r.amount, r.decided_by])).toEqual(
      all.data.rows.map((r) => [r.id, r.status, r.amount, r.decided_by]),
    );
    const totals = await t.as<{ totals: { currency: string; amount: string; count: number }[] }>(
      ADMIN,
      'getListTotals',
      { call: getWithdrawalHistory.name },
    );
    expect(totals.data.totals).toEqual([
      expect.objectContaining({ currency: 'THB', count: 2, amount: '50.00' }),
    ]);
    await t.as(ADMIN, 'rejectWithdrawal', { id: pending.data.id, ...REJECTION });
  });
});

describe('getAdminLogs', () => {
  type Log = { id: string; action: string; actor_username: string; target_id: string } & Record<
    string,
    unknown
  >;
  const logs = async (fields: Record<string, string> = {}) =>
    (await t.as<Page<Log>>(ADMIN, 'getAdminLogs', { pageSize: '200', ...fields })).data;

  it('narrows by each filter, and its export equals the list', async () => {
    const all = await logs();
    expect(all.total).toBeGreaterThan(5);
    for (const row of all.rows) adminLogRow.parse(row);
    const check = async (fields: Record<string, string>, match: (row: Log) => boolean) => {
      const page = await logs(fields);
      const expected = all.rows.filter(match);
      expect(expected.length, JSON.stringify(fields)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(fields)).toBeLessThan(all.rows.length);
      expect(page.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    };
    await check({ actor: 'ADMIN2' }, (r) => r.actor_username === 'admin2');
    await check({ action: 'withdrawal' }, (r) => r.action.startsWith('withdrawal.'));
    await check({ action: 'withdrawal.rejected' }, (r) => r.action === 'withdrawal.rejected');
    await check({ targetType: 'usdt_rate' }, (r) => r.target_type === 'usdt_rate');
    await check({ targetId: 'MYR' }, (r) => r.target_id === 'MYR');
    const ip = all.rows[0]!.client_ip as string;
    const other = `${ip}.not-an-address`;
    expect((await logs({ clientIp: ip })).total).toBe(
      all.rows.filter((r) => r.client_ip === ip).length,
    );
    expect((await logs({ clientIp: other })).total).toBe(0);
    const middle = all.rows[Math.floor(all.rows.length / 2)]!.created_at as string;
    await check({ from: middle }, (r) => (r.created_at as string) >= middle);
    await check({ to: middle }, (r) => (r.created_at as string) <= middle);
    expect((await logs({ action: 'withdrawal%' })).total).toBe(0);
    expect((await t.as(ADMIN, 'getAdminLogs', { to: 'soon' })).status).toBe(400);

    const filters = { action: 'withdrawal' };
    const listed = await logs(filters);
    const file = await exported(getAdminLogs.name, filters);
    expect(file.map((r) => [r.id, r.action, r.actor_username, r.target_id])).toEqual(
      listed.rows.map((r) => [r.id, r.action, r.actor_username, r.target_id]),
    );
    expect(file.map((r) => (r.after ? JSON.parse(r.after) : null))).toEqual(
      listed.rows.map((r) => r.after ?? null),
    );
  });

  it('refuses admins without the administrator module, on every call', async () => {
    await t.db.query(
      `DELETE FROM account_modules WHERE module = 'administrator'
          AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [ADMIN2],
    );
    for (const call of [...NEW_CALLS, getAdminLogs])
      expect((await t.as(ADMIN2, call.name, RATE_CHANGE)).status, call.name).toBe(403);
    expect((await t.as(ADMIN, 'getAdminLogs')).status).toBe(200);
  });
});
