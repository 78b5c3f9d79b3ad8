import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListMatcher } from '../../src/modules/risk/list-matchers';
import { exportedCsvRows } from '../support/test-app';
import { ADMIN, ADMIN2, startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { riskCalls } from './support/risk-calls';

const TOMORROW = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Risk lists (issue 42, WP2): lists, entries, expiry, removal, audit, CSV import, export. */
describe('risk lists', () => {
  let t: MoneyApp;
  let r: ReturnType<typeof riskCalls>;
  const logs = async (action: string, targetId: string) =>
    (
      await t.db.query<{ actor_username: string; after: Record<string, unknown> | null }>(
        `SELECT actor_username, after FROM admin_logs WHERE action = $1 AND target_id = $2 ORDER BY id`,
        [action, targetId],
      )
    ).rows;
  const version = async (key = 'platform') =>
    (
      await t.db.query<{ version: bigint }>(
        'SELECT version FROM risk_scope_versions WHERE scope_key = $1',
        [key],
      )
    ).rows[0]?.version ?? 0n;

  beforeAll(async () => {
    t = await startMoneyApp();
    r = riskCalls(t);
  });
  afterAll(() => t.close());

  it('makes a list, logged, its scope version bumped', async () => {
    const before = await version();
    const list = await r.listOf(ADMIN, { name: 'Stolen emails' });
    expect(list).toMatchObject({
      name: 'Stolen emails',
      scope: 'platform',
      owner_db_code: null,
      active_entries: 0,
    });
    expect(await version()).toBe(before + 1n);
    expect(await logs('risk_list.create', list.id)).toHaveLength(1);
    const read = await t.as(ADMIN, 'getRiskList', { id: list.id });
    expect(read.data).toMatchObject({ id: list.id, key_type: 'email', list_type: 'block' });
  });

  it('refuses a bad list naming the field, writing nothing', async () => {
    const before = await t.count('risk_lists');
    for (const [fields, field] of [
      [{ keyType: 'phone' }, 'keyType'],
      [{ name: '' }, 'name'],
      [{ scope: 'merchant' }, 'ownerDbCode'],
      [{ scope: 'merchant', ownerDbCode: 'RES00001' }, 'ownerDbCode'],
    ] as const) {
      const answer = await r.makeList(ADMIN, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.message).toMatch(new RegExp(`^${field} `));
    }
    expect(await t.count('risk_lists')).toBe(before);
  });

  it('adds entries in canonical form, refuses bad values and duplicates, and logs who and why', async () => {
    const list = await r.listOf(ADMIN, { keyType: 'customer_ip', name: 'Bad networks' });
    const added = await r.add(ADMIN, list.id, { value: ' 2001:DB8:0:0::/32 ', reason: 'Botnet' });
    expect(added.status, added.message).toBe(200);
    expect(added.data).toMatchObject({
      value: '2001:db8::/32',
      state: 'active',
      reason: 'Botnet',
      created_by: 'admin',
    });
    const bad = await r.add(ADMIN, list.id, { value: '203.0.113.5/24' });
    expect(bad).toMatchObject({
      status: 400,
      message: 'value has bits set past its prefix: the network is 203.0.113.0/24',
    });
    const again = await r.add(ADMIN2, list.id, { value: '2001:db8::/32' });
    expect(again.status).toBe(409);
    const noReason = await r.add(ADMIN, list.id, { value: '192.0.2.1', reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.message).toMatch(/^reason /);
    const past = await r.add(ADMIN, list.id, { value: '192.0.2.1', expiresAt: '2020-01-01' });
    expect(past).toMatchObject({ status: 400, message: 'expiresAt must not be in the past' });
    const [log] = await logs('risk_list.entry_add', list.id);
    expect(log).toMatchObject({
      actor_username: 'admin',
      after: { value: '2001:db8::/32', reason: 'Botnet' },
    });
    const { rows } = await t.db.query<{ value_h: bigint }>(
      'SELECT value_h FROM risk_list_entries WHERE id = $1',
      [added.data.id],
    );
    const expected = createHash('sha256')
      .update('customer_ip:2001:db8::/32')
      .digest()
      .readBigInt64BE(0);
    expect(rows[0]!.value_h).toBe(expected);
  });

  it('expires an entry after its date, and a value may be added again once expired', async () => {
    const list = await r.listOf(ADMIN, { keyType: 'bank_account' });
    const added = await r.add(ADMIN, list.id, { value: '123-456 789', expiresAt: TOMORROW() });
    expect(added.data).toMatchObject({ value: '123456789', state: 'active' });
    expect(new Date(added.data.expires_at!).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    // The day passes.
    await t.db.query(
      `UPDATE risk_list_entries SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [added.data.id],
    );
    const listed = await r.entries(ADMIN, list.id);
    expect(listed.data.status_counts).toEqual({ expired: 1 });
    expect((await r.entries(ADMIN, list.id, { status: 'active' })).data.total).toBe(0);
    const readded = await r.add(ADMIN, list.id, { value: '123456789' });
    expect(readded.status, readded.message).toBe(200);
    const after = await r.entries(ADMIN, list.id);
    expect(after.data.status_counts).toEqual({ active: 1, removed: 1 });
  });

  it('removes an entry with a reason: stamped, kept, logged, and not twice', async () => {
    const list = await r.listOf(ADMIN, { keyType: 'wallet' });
    const added = await r.add(ADMIN, list.id, { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    const noReason = await t.as(ADMIN, 'removeRiskListEntry', { id: added.data.id, reason: ' ' });
    expect(noReason.status).toBe(400);
    const before = await version();
    const removed = await t.as(ADMIN2, 'removeRiskListEntry', {
      id: added.data.id,
      reason: 'Owner proved it is theirs',
    });
    expect(removed.status, removed.message).toBe(200);
    expect(removed.data).toMatchObject({
      state: 'removed',
      removed_by: 'admin2',
      removal_reason: 'Owner proved it is theirs',
    });
    expect(await version()).toBe(before + 1n);
    const twice = await t.as(ADMIN, 'removeRiskListEntry', { id: added.data.id, reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(await logs('risk_list.entry_remove', list.id)).toHaveLength(1);
    const searched = await r.entries(ADMIN, list.id, { search: 'tr7nhq', status: 'removed' });
    expect(searched.data.rows.map((e) => e.id)).toEqual([added.data.id]);
  });

  it('imports a CSV all or nothing, naming each bad line', async () => {
    const list = await r.listOf(ADMIN, { keyType: 'email' });
    const bad = [
      'value,expires_at,reason',
      'a@example.com,,Chargebacks',
      'not-an-email,,Chargebacks',
      'b@example.com,2020-01-01,Old',
      'c@example.com,,',
    ].join('\n');
    const refused = await r.importCsv(ADMIN, list.id, bad);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('Line 3: value must be an email address');
    expect(refused.message).toContain('Line 4: expires_at must not be in the past');
    expect(refused.message).toContain('Line 5: reason is required');
    expect((await r.entries(ADMIN, list.id)).data.total).toBe(0);
    const noHeader = await r.importCsv(ADMIN, list.id, 'a@example.com,,x\n');
    expect(noHeader.status).toBe(400);
    expect(noHeader.message).toMatch(/^Line 1: the header/);
  });

  it('imports good lines, reports duplicates of active entries without doubling them, logs the SHA-256', async () => {
    const list = await r.listOf(ADMIN, { keyType: 'email' });
    await r.add(ADMIN, list.id, { value: 'old@example.com' });
    const file = [
      'reason,value,expires_at',
      'Mule,New@Example.com,',
      `Mule,old@example.com,${TOMORROW()}`,
      'Mule,new@example.com ,',
      `Mule,later@example.com,${TOMORROW()}`,
      '',
    ].join('\r\n');
    const answer = await r.importCsv(ADMIN, list.id, file);
    expect(answer.status, answer.message).toBe(200);
    const sha256 = createHash('sha256').update(file).digest('hex');
    expect(answer.data).toEqual({ added: 2, duplicates: 2, duplicate_lines: [3, 4], sha256 });
    const [log] = await logs('risk_list.import', list.id);
    expect(log!.after).toMatchObject({ sha256, added: 2, duplicates: 2, file_name: 'entries.csv' });
    const values = (await r.entries(ADMIN, list.id)).data.rows.map((e) => e.value).sort();
    expect(values).toEqual(['later@example.com', 'new@example.com', 'old@example.com']);
    const exported = await exportedCsvRows(t.app, await t.signIn(ADMIN), 'getRiskListEntries', {
      listId: list.id,
    });
    expect(exported.map((e) => e.value).sort()).toEqual(values);
  });

  it(
    'imports 100,000 lines, which the in-memory matcher then holds',
    { timeout: 180_000 },
    async () => {
      const list = await r.listOf(ADMIN, { keyType: 'customer_id', name: 'Big list' });
      const lines = ['value,expires_at,reason'];
      for (let i = 0; i < 100_000; i++) lines.push(`CUST-${i},,Bulk`);
      const answer = await r.importCsv(ADMIN, list.id, lines.join('\n'));
      expect(answer.status, answer.message).toBe(200);
      expect(answer.data.added).toBe(100_000);
      const got = await t.as<{ active_entries: number }>(ADMIN, 'getRiskList', { id: list.id });
      expect(got.data.active_entries).toBe(100_000);
      const { rows } = await t.db.query<{ value: string; expires_at: Date | null }>(
        'SELECT value, expires_at FROM risk_list_entries WHERE list_id = $1 AND removed_at IS NULL',
        [list.id],
      );
      const matcher = buildListMatcher(
        'customer_id',
        rows.map((e) => ({ value: e.value, expiresAt: e.expires_at })),
      );
      expect(matcher.matches(' CUST-99999 ')).toBe(true);
      expect(matcher.matches('CUST-100000')).toBe(false);
    },
  );

  it('lists the lists with tabs by list type, filters and search', async () => {
    await r.listOf(ADMIN, { name: 'Trusted payers', listType: 'allow', keyType: 'customer_id' });
    const all = await t.as<{
      rows: { name: string }[];
      status_counts: Record<string, number>;
      total: number;
    }>(ADMIN, 'getRiskLists', { search: 'trusted' });
    expect(all.data.rows.map((l) => l.name)).toEqual(['Trusted payers']);
    const allows = await t.as<{ total: number; status_counts: Record<string, number> }>(
      ADMIN,
      'getRiskLists',
      { listType: 'allow' },
    );
    expect(allows.data.total).toBe(allows.data.status_counts.allow);
    const ids = await t.as<{ rows: { key_type: string }[] }>(ADMIN, 'getRiskLists', {
      keyType: 'customer_id',
      pageSize: '200',
    });
    expect(new Set(ids.data.rows.map((l) => l.key_type))).toEqual(new Set(['customer_id']));
  });
});
