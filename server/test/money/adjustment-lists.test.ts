import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatAmount,
  getAdjustmentList,
  getListTotals,
  parseAmount,
  type CurrencyTotals,
} from '@bo/contract';
import { exportedCsvRows } from '../support/test-app';
import { ADMIN, ADMIN2, startMoneyApp, type MoneyApp } from './support/money-app';

const ADMIN3 = 'admin3@demo.test';

interface Row {
  id: string;
  direction: 'credit' | 'debit';
  currency: string;
  amount: string;
  signed_amount: string;
  status: string;
}

/**
 * The adjustments list (issue 41 leftovers): it offers no gateway filter (adjustments have no
 * gateway), and its totals are credits − debits, the same figure on the screen's strip
 * (`getListTotals`) as the sum of the export's `signed_amount` column.
 */
describe('the adjustments list', () => {
  let t: MoneyApp;
  let session: { accessToken: string; accessUsername: string };

  const ok = async <T>(email: string, call: string, fields: Record<string, string>) => {
    const answer = await t.as<T>(email, call, fields);
    expect(answer.status, `${call}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  const ask = (direction: 'credit' | 'debit', amount: string) =>
    ok<Row>(ADMIN3, 'createAdjustment', {
      ownerDbCode: 'MER00001',
      direction,
      balance: 'available',
      currency: 'THB',
      amount,
      reasonCode: 'goodwill',
      note: 'Adjustments list totals',
    });
  const approve = async (id: string) => {
    await ok(ADMIN, 'approveAdjustment', { id });
    await ok(ADMIN2, 'approveAdjustment', { id });
  };
  const list = (fields: Record<string, string> = {}) =>
    ok<{ rows: Row[]; total: number }>(ADMIN, getAdjustmentList.name, {
      pageSize: '100',
      ...fields,
    });
  const totals = (fields: Record<string, string> = {}) =>
    ok<{ totals: CurrencyTotals[]; capped: boolean }>(ADMIN, getListTotals.name, {
      call: getAdjustmentList.name,
      ...fields,
    });
  /** Credits − debits of `rows`, per currency, as `getListTotals` writes them. */
  const signedSums = (rows: readonly { currency: string; signed_amount: string }[]) => {
    const sums = new Map<string, { count: number; minor: bigint }>();
    for (const r of rows) {
      const s = sums.get(r.currency) ?? { count: 0, minor: 0n };
      s.count++;
      s.minor += parseAmount(r.signed_amount, r.currency)!;
      sums.set(r.currency, s);
    }
    return [...sums]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, s]) => ({
        currency,
        count: s.count,
        amount: formatAmount(s.minor, currency),
        fee: null,
        net_amount: null,
        fee_split: null,
      }));
  };

  beforeAll(async () => {
    t = await startMoneyApp();
    session = await t.signIn(ADMIN);
    await approve((await ask('credit', '100.00')).id);
    await approve((await ask('debit', '30.25')).id);
    await ask('credit', '5.10');
  });
  afterAll(() => t.close());

  it('offers and reads no gateway code: the call ignores one, as its schema has none', async () => {
    expect('gatewayCode' in getAdjustmentList.request.shape).toBe(false);
    const all = await list();
    expect(all.total).toBeGreaterThanOrEqual(3);
    // Before, a gateway code matched nothing (adjustments have no gateway); now it is no filter.
    expect(await list({ gatewayCode: 'SBX-THB-1' })).toEqual(all);
    expect(await totals({ gatewayCode: 'SBX-THB-1' })).toEqual(await totals());
  });

  it('signs each row’s amount by its direction', async () => {
    const { rows } = await list({ search: '' });
    for (const r of rows)
      expect(r.signed_amount).toBe(r.direction === 'debit' ? `-${r.amount}` : r.amount);
    expect(rows.some((r) => r.direction === 'debit' && r.status === 'approved')).toBe(true);
  });

  it('adds credits minus debits, the same in the API, the list and the export', async () => {
    for (const fields of [
      {} as Record<string, string>,
      { status: 'approved' },
      { status: 'pending_approval' },
      { currency: 'THB' },
      { amountMin: '30.25' },
      { merchantDbCode: 'MER00001', status: 'approved' },
    ]) {
      const answer = await totals(fields);
      expect(answer.capped).toBe(false);
      const { rows } = await list(fields);
      expect(answer.totals, JSON.stringify(fields)).toEqual(signedSums(rows));
      const exported = await exportedCsvRows(t.app, session, getAdjustmentList.name, fields);
      expect(exported.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
      expect(signedSums(exported as unknown as Row[])).toEqual(answer.totals);
    }
    // Each debit counts against the credits (the 30.25 asked above among them).
    const { rows } = await list({ status: 'approved' });
    const minor = (r: Row) => parseAmount(r.amount, r.currency)!;
    const credits = rows.filter((r) => r.direction === 'credit').reduce((n, r) => n + minor(r), 0n);
    const debits = rows.filter((r) => r.direction === 'debit').reduce((n, r) => n + minor(r), 0n);
    expect(debits).toBeGreaterThanOrEqual(3_025n);
    expect((await totals({ status: 'approved' })).totals).toMatchObject([
      { currency: 'THB', amount: formatAmount(credits - debits, 'THB') },
    ]);
  });
});
