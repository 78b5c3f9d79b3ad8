import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { foldPendingCredits } from '../../src/ledger/postings';
import { startMoneyApp, type MoneyApp } from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await t.api('POST', '/api/v1/payins', { amount: '100.03', currency: 'THB', order_id: 'l-1' });
  await t.sandbox.idle();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('the ledger', () => {
  it('refuses to change or delete a journal or an entry', async () => {
    await expect(t.db.query(`UPDATE entries SET amount = amount + 1`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query(`DELETE FROM entries`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`UPDATE journal SET kind = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM journal`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`TRUNCATE entries`)).rejects.toThrow();
  });

  it('refuses a guarded balance below zero at the database', async () => {
    await expect(
      t.db.query(`UPDATE ledger_accounts SET balance = -1 WHERE purpose = 'available'`),
    ).rejects.toThrow(/no_overdraft/);
  });

  it('names a cached balance that drifted from its entries, and a rollup that drifted', async () => {
    expect(await findLedgerDrift(t.db)).toEqual([]);
    await t.db.query(
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE purpose = 'available'`,
    );
    await t.db.query(
      `UPDATE dashboard_rollups SET count = count + 1 WHERE period = 'day' AND kind = 'payin' AND status = 'success'`,
    );
    const drift = await findLedgerDrift(t.db);
    expect(drift.some((d) => d.startsWith('cached balance drift: available account'))).toBe(true);
    expect(drift.some((d) => d.startsWith('dashboard rollup drift: dashboard day '))).toBe(true);
    await t.db.query(
      `UPDATE ledger_accounts SET balance = balance - 1 WHERE purpose = 'available'`,
    );
    await t.db.query(
      `UPDATE dashboard_rollups SET count = count - 1 WHERE period = 'day' AND kind = 'payin' AND status = 'success'`,
    );
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });

  it('folds pending credits into the cached balance without changing it', async () => {
    const key = accountKey(await t.accountId('MER00001'), 'THB', 'available');
    const before = await findLedgerBalance(t.db, key);
    expect(await t.count('balance_credits')).toBeGreaterThan(0);
    expect(await foldPendingCredits(t.db, 1)).toBeGreaterThan(0);
    expect(await t.count('balance_credits')).toBe(0);
    expect(await findLedgerBalance(t.db, key)).toBe(before);
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });

  it('names an open reservation whose held money went missing', async () => {
    await t
      .as('admin@demo.test', 'createTopUp', {
        merchantDbCode: 'MER00001',
        currency: 'THB',
        amount: '100.00',
      })
      .then((r) => t.as('admin2@demo.test', 'approveTopUp', { id: (r.data as { id: string }).id }));
    await t.as('merchant@demo.test', 'createPayout', {
      currency: 'THB',
      amount: '10.00',
      orderId: 'l-po',
      bankName: 'B',
      accountNumber: '1',
      accountHolder: 'A',
    });
    // Lose the held money's pending credit: the balance no longer matches the reservation.
    const lost = await t.db.query<{ amount: bigint }>(
      `DELETE FROM balance_credits c USING ledger_accounts la
        WHERE la.id = c.ledger_account_id AND la.purpose = 'payout_reserved' RETURNING c.amount`,
    );
    expect(lost.rows).toHaveLength(1);
    const drift = await findLedgerDrift(t.db);
    expect(drift.some((d) => d.startsWith('cached balance drift: payout_reserved'))).toBe(true);
    await t.db.query(
      `UPDATE ledger_accounts SET balance = balance + $1 WHERE purpose = 'payout_reserved'`,
      [lost.rows[0]!.amount.toString()],
    );
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});
