import type { ReconLineHit, SearchGroup } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  refundablePayin,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/**
 * Issue 39: the global search finds disputes and refunds by their ids (and references), each
 * in the viewer's scope, and reconciliation lines by their statement reference, for admins
 * only.
 */
let t: MoneyApp;
let payinId: string;
let payinReference: string;
let refundId: string;
let disputeId: string;

beforeAll(async () => {
  t = await startMoneyApp();
  payinId = await refundablePayin(t, 'search-kinds-order');
  // Amounts ending in 03 the sandbox refunds (and gives a reference).
  const refund = await t.as<{ id: string }>(MERCHANT, 'requestRefund', {
    payinId,
    amount: '100.03',
  });
  expect(refund.status, refund.message).toBe(200);
  refundId = refund.data.id;
  const dispute = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId,
    amount: '50.00',
    reasonCode: 'fraudulent',
  });
  expect(dispute.status, dispute.message).toBe(200);
  disputeId = dispute.data.id;
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ gateway_reference: string; gateway_id: string }>(
    'SELECT gateway_reference, gateway_id FROM payins WHERE id = $1',
    [payinId],
  );
  payinReference = rows[0]!.gateway_reference;
  // The sandbox's statement of the hour, nothing planted: the pay-in's line is matched.
  const run = await t.as(ADMIN, 'importSandboxStatement', {
    gatewayId: rows[0]!.gateway_id,
    from: new Date(Date.now() - 3600_000).toISOString(),
    to: new Date(Date.now() + 3600_000).toISOString(),
    ...Object.fromEntries(
      ['missing', 'extra', 'amount', 'status', 'fee', 'duplicate', 'late'].map((k) => [
        `${k}Rate`,
        '0',
      ]),
    ),
  });
  expect(run.status, run.message).toBe(200);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

async function groups(email: string, text: string): Promise<SearchGroup[]> {
  const r = await t.as<{ groups: SearchGroup[] }>(email, 'globalSearch', { text });
  expect(r.status, r.message).toBe(200);
  return r.data.groups;
}

/** The ids found of one money kind. */
async function found(email: string, text: string, kind: string): Promise<string[]> {
  const group = (await groups(email, text)).find((g) => g.kind === kind);
  return group?.type === 'money' ? group.hits.map((h) => h.id) : [];
}

async function reconLines(email: string, text: string): Promise<ReconLineHit[]> {
  const group = (await groups(email, text)).find((g) => g.type === 'recon_line');
  return group?.type === 'recon_line' ? group.hits : [];
}

describe('globalSearch: disputes, refunds, reconciliation lines', () => {
  it('finds a dispute by its id: an admin, its merchant and reseller; another merchant does not', async () => {
    for (const who of [ADMIN, MERCHANT, RESELLER])
      expect(await found(who, disputeId, 'dispute'), who).toEqual([disputeId]);
    expect(await groups(MERCHANT2, disputeId)).toEqual([]);
  });

  it('finds a refund by its id: an admin and its merchant; another merchant does not', async () => {
    for (const who of [ADMIN, MERCHANT])
      expect(await found(who, refundId, 'refund'), who).toEqual([refundId]);
    expect(await groups(MERCHANT2, refundId)).toEqual([]);
  });

  it("finds a statement's line by its reference for an admin only, linking to its run", async () => {
    const [line, ...more] = await reconLines(ADMIN, payinReference);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      reference: payinReference,
      class: 'matched',
      amount: '10000.03',
      currency: 'THB',
    });
    const { rows } = await t.db.query<{ our_id: string }>(
      'SELECT our_id FROM recon_lines WHERE run_id = $1 AND seq = $2',
      [line!.run_id, line!.seq],
    );
    expect(rows[0]!.our_id).toBe(payinId);
    // The merchant finds its pay-in by the same reference, and no reconciliation line.
    expect(await found(MERCHANT, payinReference, 'payin')).toEqual([payinId]);
    for (const who of [MERCHANT, RESELLER, MERCHANT2])
      expect(await reconLines(who, payinReference), who).toEqual([]);
  });
});
