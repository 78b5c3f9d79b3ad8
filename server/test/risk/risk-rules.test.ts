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

interface Rule {
  id: string;
  name: string;
  owner_scope: string;
  merchant_db_code: string | null;
  mode: string;
  current_version: number;
  definition: string;
}
interface Problem {
  field?: { field: string; rule: string };
}

/** The "done when" rule of issue 42: hold pay-outs over 50,000 THB to a bank account new today. */
const DONE_WHEN = {
  kinds: ['payout'],
  action: { type: 'review', approvers: 2 },
  when: {
    all: [
      { amount: { currency: 'THB', op: 'gt', value: '50000' } },
      { firstSeen: { key: 'bank_account', since: 'today' } },
    ],
  },
};
const ruleWith = (when: unknown) => JSON.stringify({ ...DONE_WHEN, when });

/**
 * Risk rules (issue 42, WP3): versions, modes, scope, and every refused part named in
 * `data.field`, with nothing written.
 */
describe('risk rules', () => {
  let t: MoneyApp;
  const create = (email: string, fields: Record<string, string>) =>
    t.as<Rule & Problem>(email, 'createRiskRule', {
      name: 'Hold large pay-outs to new accounts',
      definition: JSON.stringify(DONE_WHEN),
      ...fields,
    });
  const listIds = async (email: string, fields: Record<string, string> = {}) => {
    const answer = await t.as<{ rows: Rule[] }>(email, 'getRiskRuleList', fields);
    expect(answer.status, answer.message).toBe(200);
    return answer.data.rows.map((r) => r.id);
  };
  const logs = async (id: string) =>
    (
      await t.db.query<{ action: string; before: unknown; after: unknown }>(
        `SELECT action, before, after FROM admin_logs WHERE target_id = $1 ORDER BY created_at, id`,
        [id],
      )
    ).rows;

  beforeAll(async () => {
    t = await startMoneyApp();
  });
  afterAll(() => t.close());

  it('creates the done-when rule as version 1 in draft, canonical, logged', async () => {
    const answer = await create(ADMIN, { note: 'First cut' });
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toMatchObject({
      owner_scope: 'platform',
      mode: 'draft',
      current_version: 1,
    });
    expect(JSON.parse(answer.data.definition)).toEqual({ ...DONE_WHEN, onError: 'review' });
    expect(answer.data.definition.startsWith('{"action":{"approvers":2,"type":"review"}')).toBe(
      true,
    );
    expect((await logs(answer.data.id)).map((l) => l.action)).toEqual(['risk_rule.create']);
    const scope = await t.db.query<{ version: bigint }>(
      `SELECT version FROM risk_scope_versions WHERE scope_key = 'platform'`,
    );
    expect(scope.rows).toHaveLength(1);
  });

  it.each([
    [
      'a part the schema refuses',
      ruleWith({ all: [{ firstSeen: { key: 'bank_account', since: 'yesterday' } }] }),
      {},
      'when.all[0].firstSeen.since',
    ],
    ['text that is no JSON', '{"kinds": [', {}, 'definition'],
    [
      'a window of 31 days',
      ruleWith({
        velocity: {
          measure: 'count',
          key: 'email',
          window: { days: 31 },
          scope: 'merchant',
          op: 'gt',
          value: '3',
        },
      }),
      {},
      'when.velocity.window.days',
    ],
    [
      'an owner outside the scope',
      JSON.stringify(DONE_WHEN),
      { ownerDbCode: 'NOPE0001' },
      'ownerDbCode',
    ],
  ])('refuses %s, naming it, and writes nothing', async (_, definition, more, field) => {
    const before = await t.count('risk_rules');
    const answer = await create(ADMIN, { definition, ...more });
    expect(answer.status, answer.message).toBe(400);
    expect(answer.data.field?.field).toBe(field);
    expect(await t.count('risk_rules')).toBe(before);
  });

  it.each([
    [
      'a currency outside its contracts',
      MERCHANT,
      ruleWith({ amount: { currency: 'BRL', op: 'gt', value: '10' } }),
      'when.amount.currency',
    ],
    [
      'another merchant',
      MERCHANT,
      ruleWith({ any: [{ currency: { in: ['THB'] } }, { account: { merchants: ['MER00002'] } }] }),
      'when.any[1].account.merchants[0]',
    ],
    [
      'a merchant outside its scope',
      RESELLER,
      ruleWith({ account: { merchants: ['MER00004'] } }),
      'when.account.merchants[0]',
    ],
    [
      'a platform-wide velocity',
      MERCHANT,
      ruleWith({
        velocity: {
          measure: 'count',
          key: 'email',
          window: { hours: 1 },
          scope: 'platform',
          op: 'gt',
          value: '3',
        },
      }),
      'when.velocity.scope',
    ],
  ])("refuses a non-admin's rule naming %s", async (_, email, definition, field) => {
    const answer = await create(email, { definition });
    expect(answer.status, answer.message).toBe(400);
    expect(answer.data.field?.field).toBe(field);
    // The editor's check answers the same part, and every other at once.
    const checked = await t.as<{ problems: { field: string }[] }>(email, 'validateRiskRule', {
      definition,
    });
    expect(checked.status, checked.message).toBe(200);
    expect(checked.data.problems.map((p) => p.field)).toContain(field);
  });

  it('lets a merchant name itself and its contract currencies', async () => {
    const definition = ruleWith({
      all: [
        { amount: { currency: 'THB', op: 'between', value: '100', to: '200.50' } },
        { account: { merchants: ['MER00001'] } },
      ],
    });
    const checked = await t.as<{ problems: unknown[] }>(MERCHANT, 'validateRiskRule', {
      definition,
    });
    expect(checked.data.problems).toEqual([]);
    const answer = await create(MERCHANT, { definition });
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toMatchObject({ owner_scope: 'merchant', merchant_db_code: 'MER00001' });
  });

  it('saves a new version on the version edited, refuses a stale one with 409', async () => {
    const created = (await create(ADMIN, {})).data;
    const edited = JSON.stringify({ ...DONE_WHEN, action: { type: 'review', approvers: 3 } });
    const save = (baseVersion: string) =>
      t.as<Rule & Problem>(ADMIN, 'saveRiskRule', {
        id: created.id,
        baseVersion,
        name: 'Renamed',
        definition: edited,
        note: 'Three approvers',
      });
    const saved = await save('1');
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ current_version: 2, name: 'Renamed' });
    const stale = await save('1');
    expect(stale.status).toBe(409);
    expect(stale.data.field?.field).toBe('baseVersion');
    const read = await t.as<{
      rule: Rule;
      versions: { version: number; definition: string; note: string }[];
    }>(ADMIN, 'getRiskRule', { id: created.id });
    expect(read.data.versions.map((v) => [v.version, v.note])).toEqual([
      [2, 'Three approvers'],
      [1, ''],
    ]);
    expect(JSON.parse(read.data.versions[1]!.definition).action).toEqual(DONE_WHEN.action);
    expect((await logs(created.id)).map((l) => l.action)).toEqual([
      'risk_rule.create',
      'risk_rule.save',
    ]);
  });

  it('keeps versions immutable: the database refuses to change or delete one', async () => {
    const created = (await create(ADMIN, {})).data;
    await expect(
      t.db.query(`UPDATE risk_rule_versions SET note = 'changed' WHERE rule_id = $1`, [created.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.query(`DELETE FROM risk_rule_versions WHERE rule_id = $1`, [created.id]),
    ).rejects.toThrow(/append-only/);
  });

  it('logs each mode change with before and after, and moves the scope version', async () => {
    const created = (await create(ADMIN, {})).data;
    const scope = async () =>
      (
        await t.db.query<{ version: string }>(
          `SELECT version::text FROM risk_scope_versions WHERE scope_key = 'platform'`,
        )
      ).rows[0]!.version;
    const before = await scope();
    const shadow = await t.as<Rule>(ADMIN, 'setRiskRuleMode', {
      id: created.id,
      mode: 'shadow',
      reason: 'Watch it for a week',
    });
    expect(shadow.status, shadow.message).toBe(200);
    expect(shadow.data.mode).toBe('shadow');
    expect(BigInt(await scope())).toBe(BigInt(before) + 1n);
    const entry = (await logs(created.id)).find((l) => l.action === 'risk_rule.mode');
    expect(entry).toMatchObject({
      before: { mode: 'draft' },
      after: { mode: 'shadow', reason: 'Watch it for a week' },
    });
    expect(await listIds(ADMIN, { mode: 'shadow' })).toContain(created.id);
    expect(await listIds(ADMIN, { mode: 'active' })).not.toContain(created.id);
  });

  it('scopes rules both ways: a merchant its own, a reseller its merchants, platform to admins', async () => {
    const mine = (await create(MERCHANT, { name: 'Mine' })).data;
    const platform = (await create(ADMIN, { name: 'Platform' })).data;
    const resellers = (await create(RESELLER, { name: 'Reseller' })).data;
    expect(resellers).toMatchObject({ owner_scope: 'reseller' });

    expect(await listIds(MERCHANT)).toEqual(expect.arrayContaining([mine.id]));
    expect(await listIds(MERCHANT)).not.toContain(platform.id);
    expect(await listIds(MERCHANT)).not.toContain(resellers.id);
    expect(await listIds(RESELLER)).toEqual(expect.arrayContaining([mine.id, resellers.id]));
    expect(await listIds(RESELLER)).not.toContain(platform.id);
    for (const other of [MERCHANT2, MERCHANT4, RESELLER2]) {
      expect(await listIds(other)).not.toContain(mine.id);
      const read = await t.as(other, 'getRiskRule', { id: mine.id });
      expect(read.status).toBe(404);
      const mode = await t.as(other, 'setRiskRuleMode', { id: mine.id, mode: 'active' });
      expect(mode.status).toBe(404);
    }
    const platformRead = await t.as(RESELLER, 'getRiskRule', { id: platform.id });
    expect(platformRead.status).toBe(404);
    // The reseller writes its merchant's rule; the other reseller cannot.
    expect((await create(RESELLER, { ownerDbCode: 'MER00001' })).status).toBe(200);
    const outside = await create(RESELLER2, { ownerDbCode: 'MER00001' });
    expect(outside.status).toBe(400);
    expect(outside.data.field?.field).toBe('ownerDbCode');
    expect(await listIds(ADMIN, { scope: 'merchant' })).toContain(mine.id);
    expect(await listIds(ADMIN, { scope: 'merchant' })).not.toContain(platform.id);
    expect(await listIds(ADMIN, { kind: 'payin' })).not.toContain(platform.id);
    expect(await listIds(ADMIN, { kind: 'payout', search: 'Platform' })).toContain(platform.id);
  });
});
