import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import { recordRiskDecisions } from '../../src/modules/risk/risk-decisions';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  REJECTION,
  RESELLER,
  RESELLER2,
  fundDemoMerchant,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from '../money/support/money-app';
import { makeRiskRule } from '../money/support/risk-checks';

/** A row of the report as the call answers it. */
interface ReportRow {
  id: string;
  name: string;
  owner_scope: string;
  merchant_db_code: string | null;
  reseller_db_code: string | null;
  mode: string;
  matches: number;
  shadow_matches: number;
  held: number;
  blocked: number;
  approved_after_review: number;
  declined: number;
  declined_later_disputed: number;
  approved_later_disputed: number;
  errors: number;
}
interface ReportPage {
  rows: ReportRow[];
  total: number;
  period: { from_day: string; to_day: string };
}

/**
 * The per-rule risk report (issue 42, `getRiskRuleReport`): the items are made through the
 * merchant API and reviewed through the review calls, so each figure counts what intake and
 * the reviewers really did; only a rule that erred (no rule can be made to throw through the
 * calls) and a match outside the period are written with intake's own writer.
 */
let t: MoneyApp;
const ids: Record<string, string> = {};
let stamp = Math.floor(Date.now() / 1000);

/** A rule made by `email` (its owner) and switched to `mode`, kept by name. */
async function rule(email: string, name: string, definition: unknown, mode = 'active') {
  ids[name] = await makeRiskRule(t, email, name, definition, mode);
}

const payinRule = (type: string, when: unknown) => ({ kinds: ['payin'], action: { type }, when });
const gte = (value: string) => ({ amount: { currency: 'THB', op: 'gte', value } });

async function payin(orderId: string, amount: string): Promise<{ id: string; status: string }> {
  const made = await t.api<{ id: string; status: string }>(
    'POST',
    '/api/v1/payins',
    { amount, currency: 'THB', order_id: orderId },
    { timestamp: stamp++ },
  );
  expect(made.status).toBe(201);
  return made.body;
}

const report = async (email: string, fields: Record<string, string> = {}) => {
  const r = await t.as<ReportPage>(email, 'getRiskRuleReport', fields);
  expect(r.status, r.message).toBe(200);
  return r.data;
};
const rowOf = (page: ReportPage, name: string) => page.rows.find((r) => r.name === name);

/** A row's figures, every one, for an exact comparison. */
const figures = (row: ReportRow | undefined) => {
  if (!row) throw new Error('no such row');
  const {
    id: _i,
    name: _n,
    owner_scope: _o,
    merchant_db_code: _m,
    reseller_db_code: _r,
    ...rest
  } = row;
  const { mode: _mode, ...f } = rest;
  return f;
};
const NONE = {
  matches: 0,
  shadow_matches: 0,
  held: 0,
  blocked: 0,
  approved_after_review: 0,
  declined: 0,
  declined_later_disputed: 0,
  approved_later_disputed: 0,
  errors: 0,
};

beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '5000.00');
  await fundDemoMerchant(t, 'report-fund');
  await rule(ADMIN, 'Platform review', payinRule('review', gte('7000')));
  await rule(ADMIN, 'Platform shadow block', payinRule('block', gte('7000')), 'shadow');
  await rule(ADMIN, 'Platform block payouts', {
    kinds: ['payout'],
    action: { type: 'block' },
    when: gte('900'),
  });
  await rule(MERCHANT, 'Merchant review', payinRule('review', gte('7000')));
  await rule(
    MERCHANT,
    'Merchant allow',
    payinRule('allow', { amount: { currency: 'THB', op: 'between', value: '7500', to: '7600' } }),
  );
  await rule(ADMIN, 'Platform erring', payinRule('review', gte('1000000')));
  // Held by both review rules: approved (one reviewer), paid by the sandbox, then disputed.
  const approved = await payin('report-a', '7000.03');
  expect(approved.status).toBe('held_for_review');
  const yes = await t.as<{ status: string }>(ADMIN, 'approveHeldItem', { id: approved.id });
  expect(yes.data.status, yes.message).toBe('created');
  await t.sandbox.idle();
  const disputed = await t.as(ADMIN, 'simulateDispute', {
    payinId: approved.id,
    reasonCode: 'fraudulent',
  });
  expect(disputed.status, disputed.message).toBe(200);
  // Held and declined; held and left waiting.
  const declined = await payin('report-b', '7000.00');
  const no = await t.as<{ status: string }>(ADMIN, 'declineHeldItem', {
    id: declined.id,
    ...REJECTION,
  });
  expect(no.data.status, no.message).toBe('rejected');
  expect((await payin('report-c', '7000.00')).status).toBe('held_for_review');
  // The merchant's allow lifts its own review rule; the platform's still holds it.
  expect((await payin('report-d', '7550.00')).status).toBe('held_for_review');
  const blocked = await t.as(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount: '950.00',
    orderId: 'report-po',
    bankName: 'Kasikorn',
    accountNumber: '1234567890',
    accountHolder: 'Somchai P.',
  });
  expect(blocked.status).toBe(403);
  // A rule that erred and took its onError (allow), now and 45 days ago.
  const [merchantId, resellerId] = [await t.accountId('MER00001'), await t.accountId('RES00001')];
  const erred = (at: Date) => ({
    kind: 'payin' as const,
    refId: randomUUID(),
    merchantId,
    resellerId,
    at,
    verdict: {
      outcome: 'allow' as const,
      minApprovals: 1,
      matches: [
        {
          ruleId: ids['Platform erring']!,
          version: 1,
          mode: 'active' as const,
          action: 'allow' as const,
          error: true,
          seen: {},
        },
      ],
    },
  });
  await t.db.transaction((tx) =>
    recordRiskDecisions(tx, [erred(new Date()), erred(new Date(Date.now() - 45 * 86_400_000))]),
  );
}, 240_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('getRiskRuleReport', () => {
  it('counts each figure of each rule exactly, over the last 30 days by default', async () => {
    const page = await report(ADMIN);
    expect(page.total).toBe(6);
    expect(figures(rowOf(page, 'Platform review'))).toEqual({
      ...NONE,
      matches: 4,
      held: 4,
      approved_after_review: 1,
      declined: 1,
      approved_later_disputed: 1,
    });
    expect(figures(rowOf(page, 'Platform shadow block'))).toEqual({
      ...NONE,
      matches: 4,
      shadow_matches: 4,
    });
    // Lifted on report-d by the merchant's allow: it held three, not four.
    expect(figures(rowOf(page, 'Merchant review'))).toEqual({
      ...NONE,
      matches: 4,
      held: 3,
      approved_after_review: 1,
      declined: 1,
      approved_later_disputed: 1,
    });
    expect(figures(rowOf(page, 'Merchant allow'))).toEqual({ ...NONE, matches: 1 });
    expect(figures(rowOf(page, 'Platform block payouts'))).toEqual({
      ...NONE,
      matches: 1,
      blocked: 1,
    });
    expect(figures(rowOf(page, 'Platform erring'))).toEqual({ ...NONE, matches: 1, errors: 1 });
    expect(rowOf(page, 'Merchant review')).toMatchObject({
      owner_scope: 'merchant',
      merchant_db_code: 'MER00001',
      mode: 'active',
    });
    // The most matches first, then the rest.
    expect(page.rows.map((r) => r.matches)).toEqual([4, 4, 4, 1, 1, 1]);
  });

  it('reads the period, the kind, the mode and the name asked for', async () => {
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const wide = await report(ADMIN, { from });
    expect(figures(rowOf(wide, 'Platform erring'))).toMatchObject({ matches: 2, errors: 2 });
    const payouts = await report(ADMIN, { kind: 'payout' });
    expect(payouts.rows.filter((r) => r.matches > 0).map((r) => r.name)).toEqual([
      'Platform block payouts',
    ]);
    const shadow = await report(ADMIN, { mode: 'shadow' });
    expect(shadow.rows.map((r) => r.name)).toEqual(['Platform shadow block']);
    const named = await report(ADMIN, { search: 'merchant', sort: 'name', direction: 'asc' });
    expect(named.rows.map((r) => r.name)).toEqual(['Merchant allow', 'Merchant review']);
    const byHeld = await report(ADMIN, { sort: 'held', pageSize: '2' });
    expect(byHeld).toMatchObject({ total: 6 });
    expect(byHeld.rows.map((r) => r.held)).toEqual([4, 3]);
    const bad = await t.as(ADMIN, 'getRiskRuleReport', { sort: 'amount' });
    expect(bad.status).toBe(400);
  });

  it('shows each tenant only its own rules and its merchants', async () => {
    const names = async (email: string) =>
      (await report(email, { sort: 'name', direction: 'asc' })).rows.map((r) => r.name);
    expect(await names(MERCHANT)).toEqual(['Merchant allow', 'Merchant review']);
    expect(await names(RESELLER)).toEqual(['Merchant allow', 'Merchant review']);
    expect(await names(MERCHANT2)).toEqual([]);
    expect(await names(RESELLER2)).toEqual([]);
    // The merchant's own rule counts the same for it as for an admin.
    expect(figures(rowOf(await report(MERCHANT), 'Merchant review'))).toMatchObject({ held: 3 });
  });

  it('counts a hold that expired as neither approved nor declined', async () => {
    await sweepExpiredRequests(t.db, new Date(Date.now() + 400 * 3_600_000));
    expect(
      await t.count("payins WHERE order_id IN ('report-c', 'report-d') AND status = 'rejected'"),
    ).toBe(2);
    const page = await report(ADMIN);
    expect(figures(rowOf(page, 'Platform review'))).toMatchObject({
      held: 4,
      approved_after_review: 1,
      declined: 1,
    });
  });
});
