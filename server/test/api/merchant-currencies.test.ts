import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedAccountRow } from '@bo/contract';
import { ADMIN, startMoneyApp, type MoneyApp } from '../money/support/money-app';

/**
 * Issue 40: the merchants list's Currencies showed "—" for merchants trading in three. A
 * merchant's currencies are those it was given and those its contracts trade in.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.close();
});

describe('the merchants list’s currencies', () => {
  it('names every currency a merchant has a contract in', async () => {
    const id = await t.accountId('MER00001');
    const { rows } = await t.db.query<{ currency: string }>(
      `SELECT DISTINCT currency FROM contracts WHERE merchant_account_id = $1 ORDER BY 1`,
      [id],
    );
    expect(rows.length).toBeGreaterThan(0);
    const list = await t.as<{ rows: ManagedAccountRow[] }>(ADMIN, 'getMerchantList', {
      search: 'MER00001',
    });
    expect(list.status, list.message).toBe(200);
    const row = list.data.rows.find((r) => r.account_db_code === 'MER00001');
    expect(row?.contract_currencies).toEqual(rows.map((r) => r.currency));
    // Read from the contracts, never given: the edit form sends back only what was given.
    const given = await t.db.query<{ currency: string }>(
      'SELECT currency FROM account_currencies WHERE account_id = $1 ORDER BY 1',
      [id],
    );
    expect(row?.currencies).toEqual(given.rows.map((r) => r.currency));
  });
});
