import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  MERCHANT4,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';
import { riskCalls, type ListRow } from './support/risk-calls';

/**
 * Risk lists across tenants (issue 42): admins see every list; a reseller its own and its
 * merchants'; a merchant its own; platform lists admins only. Another tenant's list answers
 * 404 to reads and writes alike, as the other scoped calls do; a platform list is refused
 * (403) to a non-admin making one.
 */
describe('risk list scope', () => {
  let t: MoneyApp;
  let r: ReturnType<typeof riskCalls>;
  const lists: Record<string, ListRow> = {};
  const visible = async (email: string) =>
    (await t.as<{ rows: ListRow[] }>(email, 'getRiskLists', { pageSize: '200' })).data.rows
      .map((l) => l.name)
      .sort();

  beforeAll(async () => {
    t = await startMoneyApp();
    r = riskCalls(t);
    lists.platform = await r.listOf(ADMIN, { name: 'platform' });
    // MER00001 and MER00002 belong to RES00001; MER00004 to RES00002.
    lists.merchant1 = await r.listOf(MERCHANT, { name: 'merchant1', scope: 'merchant' });
    lists.merchant2 = await r.listOf(ADMIN, {
      name: 'merchant2',
      scope: 'merchant',
      ownerDbCode: 'MER00002',
    });
    lists.merchant4 = await r.listOf(RESELLER2, {
      name: 'merchant4',
      scope: 'merchant',
      ownerDbCode: 'MER00004',
    });
    lists.reseller1 = await r.listOf(RESELLER, { name: 'reseller1', scope: 'reseller' });
    lists.reseller2 = await r.listOf(ADMIN, {
      name: 'reseller2',
      scope: 'reseller',
      ownerDbCode: 'RES00002',
    });
  });
  afterAll(() => t.close());

  it('stores each owner as balance adjustments do', async () => {
    expect(lists.merchant1).toMatchObject({ scope: 'merchant', owner_db_code: 'MER00001' });
    expect(lists.merchant4).toMatchObject({ scope: 'merchant', owner_db_code: 'MER00004' });
    expect(lists.reseller1).toMatchObject({ scope: 'reseller', owner_db_code: 'RES00001' });
    const { rows } = await t.db.query<{ reseller: string }>(
      `SELECT a.account_db_code AS reseller FROM risk_lists l JOIN accounts a ON a.id = l.reseller_account_id WHERE l.id = $1`,
      [lists.merchant1!.id],
    );
    expect(rows[0]!.reseller).toBe('RES00001');
    const keys = await t.db.query<{ scope_key: string }>(
      'SELECT scope_key FROM risk_scope_versions',
    );
    expect(keys.rows.map((k) => k.scope_key.split(':')[0]).sort()).toEqual([
      'merchant',
      'merchant',
      'merchant',
      'platform',
      'reseller',
      'reseller',
    ]);
  });

  it('shows each caller only its scope', async () => {
    expect(await visible(ADMIN)).toEqual([
      'merchant1',
      'merchant2',
      'merchant4',
      'platform',
      'reseller1',
      'reseller2',
    ]);
    expect(await visible(RESELLER)).toEqual(['merchant1', 'merchant2', 'reseller1']);
    expect(await visible(RESELLER2)).toEqual(['merchant4', 'reseller2']);
    expect(await visible(MERCHANT)).toEqual(['merchant1']);
    expect(await visible(MERCHANT2)).toEqual(['merchant2']);
    expect(await visible(MERCHANT4)).toEqual(['merchant4']);
  });

  it('answers 404 to reads and writes of a list outside the scope, and changes nothing', async () => {
    const entry = await r.add(ADMIN, lists.merchant2!.id, { value: 'x@example.com' });
    expect(entry.status, entry.message).toBe(200);
    const before = await t.count('risk_list_entries');
    for (const [email, list] of [
      [MERCHANT, 'merchant2'],
      [MERCHANT, 'platform'],
      [MERCHANT, 'reseller1'],
      [RESELLER, 'platform'],
      [RESELLER, 'merchant4'],
      [RESELLER2, 'merchant2'],
      [MERCHANT4, 'reseller2'],
    ] as const) {
      const id = lists[list]!.id;
      const what = `${email} on ${list}`;
      expect((await t.as(email, 'getRiskList', { id })).status, what).toBe(404);
      expect((await r.entries(email, id)).status, what).toBe(404);
      expect((await r.add(email, id, { value: 'y@example.com' })).status, what).toBe(404);
      expect(
        (await r.importCsv(email, id, 'value,expires_at,reason\nz@example.com,,x\n')).status,
        what,
      ).toBe(404);
    }
    for (const email of [MERCHANT, RESELLER2]) {
      const removed = await t.as(email, 'removeRiskListEntry', {
        id: entry.data.id,
        reason: 'Not mine',
      });
      expect(removed.status, email).toBe(404);
    }
    expect(await t.count('risk_list_entries')).toBe(before);
  });

  it('lets a reseller and a merchant write their own lists', async () => {
    expect((await r.add(RESELLER, lists.merchant1!.id, { value: 'r@example.com' })).status).toBe(
      200,
    );
    expect((await r.add(RESELLER, lists.reseller1!.id, { value: 'r@example.com' })).status).toBe(
      200,
    );
    const own = await r.add(MERCHANT, lists.merchant1!.id, { value: 'm@example.com' });
    expect(own.status, own.message).toBe(200);
    expect(
      (await t.as(MERCHANT, 'removeRiskListEntry', { id: own.data.id, reason: 'Mistake' })).status,
    ).toBe(200);
  });

  it('refuses to make a list outside the scope', async () => {
    const before = await t.count('risk_lists');
    expect((await r.makeList(MERCHANT, { scope: 'platform' })).status).toBe(403);
    expect((await r.makeList(RESELLER, { scope: 'platform' })).status).toBe(403);
    expect((await r.makeList(MERCHANT, { scope: 'reseller' })).status).toBe(400);
    expect(
      (await r.makeList(MERCHANT, { scope: 'merchant', ownerDbCode: 'MER00002' })).status,
    ).toBe(404);
    expect(
      (await r.makeList(RESELLER, { scope: 'merchant', ownerDbCode: 'MER00004' })).status,
    ).toBe(404);
    expect(
      (await r.makeList(RESELLER, { scope: 'reseller', ownerDbCode: 'RES00002' })).status,
    ).toBe(404);
    expect(await t.count('risk_lists')).toBe(before);
  });
});
