import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatAmount, parseAmount } from '@bo/contract';
import type { Actor } from '../../src/core/context';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { depositBalanceSql } from '../../src/modules/gateways/gateways.service';
import { ADMIN, type MoneyApp, startMoneyApp, topUpDemoMerchant } from '../money/support/money-app';
import {
  apiPayout,
  behaveAt,
  countedTwice,
  putProfile,
  routingWorld,
  thbPlatform,
} from './routing-world';

/*
 * The fallback at hand-over for pay-outs (issue 43; docs/routing.md, "Fallback at hand-over"):
 * a pay-out a profile sent to a gateway that refuses to start it goes to the next gateway
 * routing picks without it, if that gateway's deposit can pay it, re-priced, its rollups moved
 * and its decision saying why; its merchant's reservation does not move. The sandbox refuses
 * every hand-over at the gateways a test takes down (`setSandboxBehaviour`). Amounts end in .02,
 * which the sandbox never answers, so what is handed over stays in flight.
 */
let t: MoneyApp;
let admin: Actor;
let merchantId: string;
const THB = ['SBX-THB-1', 'SBX-THB-2'];
const THB_1_FIRST = {
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '0.01' } },
          gateways: THB,
        },
      ],
    },
  ],
};

/** Takes the gateways `down` out and the others in; answers a spy on the hand-overs asked. */
async function outage(down: readonly string[]) {
  await behaveAt(t, down, { down: true });
  await behaveAt(
    t,
    THB.filter((code) => !down.includes(code)),
  );
  return vi.spyOn(t.sandbox, 'startPayout');
}

/** Moves a THB gateway's deposit, through the admins' own call, to what is in flight plus `room`. */
async function setHeadroom(code: string, room: string) {
  const { rows } = await t.db.query<{ id: string; left: bigint }>(
    `SELECT g.id, ${depositBalanceSql('g')} - coalesce((SELECT sum(p.amount + p.gateway_cost)
              FROM payouts p WHERE p.gateway_id = g.id AND p.status = 'processing'), 0)::bigint AS left
       FROM payment_gateways g WHERE g.payment_gateway_code = $1`,
    [code],
  );
  const delta = parseAmount(room, 'THB')! - rows[0]!.left;
  if (delta === 0n) return;
  const adjusted = await t.as(ADMIN, 'adjustGatewayDeposit', {
    id: rows[0]!.id,
    direction: delta > 0n ? 'increase' : 'decrease',
    amount: formatAmount(delta > 0n ? delta : -delta, 'THB'),
    reason: 'fallback test',
  });
  expect(adjusted.status, adjusted.message).toBe(200);
}

let order = 0;
const newPayout = (amount: string) => apiPayout(t, amount, `payout-fallback-${++order}`);

async function payoutRow(id: string) {
  const { rows } = await t.db.query<{
    status: string;
    code: string;
    reference: string;
    gateway_cost: bigint;
    expected_cost: bigint;
    fee: bigint;
    split_sum: bigint;
    handed_at: string[];
    by_fallback: boolean | null;
    reasons: { key: string; values: Record<string, string> }[] | null;
    decided: string | null;
  }>(
    `SELECT p.status, g.payment_gateway_code AS code, p.gateway_reference AS reference,
            p.gateway_cost, p.fee, p.gateway_cost + p.reseller_commission + p.platform_profit AS split_sum,
            (p.amount * g.payout_cost_ppm / 1000000 + g.payout_cost_fixed)::bigint AS expected_cost,
            array(SELECT s.gateway_code FROM sandbox_payments s
                   WHERE s.reference = 'SBX-PO-' || p.id ORDER BY 1) AS handed_at,
            d.by_fallback, d.reasons, dg.payment_gateway_code AS decided
       FROM payouts p JOIN payment_gateways g ON g.id = p.gateway_id
       LEFT JOIN routing_decisions d ON d.ref_id = p.id
       LEFT JOIN payment_gateways dg ON dg.id = d.gateway_id
      WHERE p.id = $1`,
    [id],
  );
  return rows[0]!;
}

const reserved = () => findLedgerBalance(t.db, accountKey(merchantId, 'THB', 'payout_reserved'));

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin, merchantId } = await routingWorld(t));
  await topUpDemoMerchant(t, '20000.00');
  await putProfile(t, admin, thbPlatform('payout'), THB_1_FIRST);
  await setHeadroom('SBX-THB-1', '10000.00');
  await setHeadroom('SBX-THB-2', '10000.00');
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t?.close());

describe('the fallback at hand-over, for pay-outs', () => {
  it('a pay-out its gateway refuses goes to the next one, re-priced, its reservation unmoved', async () => {
    const spy = await outage(['SBX-THB-1']);
    const heldBefore = await reserved();
    const made = await newPayout('500.02');
    expect(made.status).toBe('processing');
    expect(spy.mock.calls.map(([req]) => req.gatewayCode)).toEqual(['SBX-THB-1', 'SBX-THB-2']);
    const row = await payoutRow(made.id);
    expect(row).toMatchObject({
      status: 'processing',
      code: 'SBX-THB-2',
      decided: 'SBX-THB-2',
      reference: `SBX-PO-${made.id}`,
      // Handed over once, where it went: the refusing gateway recorded nothing.
      handed_at: ['SBX-THB-2'],
      by_fallback: true,
    });
    expect(row.reasons![0]).toEqual({
      key: 'skipped',
      values: { gateway: 'SBX-THB-1', why: 'refused' },
    });
    // Said once, as refused: not also "inactive", which routing was told to take it for.
    expect(row.reasons!.filter((r) => r.values.gateway === 'SBX-THB-1')).toHaveLength(1);
    expect(row.gateway_cost).toBe(row.expected_cost);
    expect(row.split_sum).toBe(row.fee);
    // The merchant's money held for it is its amount and fee, as before the move.
    expect((await reserved()) - heldBefore).toBe(parseAmount('500.02', 'THB')! + row.fee);
    const counted = await countedTwice(t, 'payout');
    expect(counted.rollups).toEqual(counted.rows);
  });

  it('the next gateway must be able to pay it: else it is rejected, its money given back', async () => {
    const spy = await outage(['SBX-THB-1']);
    await setHeadroom('SBX-THB-2', '100.00');
    try {
      const heldBefore = await reserved();
      // The API answers at intake (processing); the hand-over follows the answer.
      const made = await newPayout('600.02');
      expect(spy).toHaveBeenCalledTimes(1);
      const row = await payoutRow(made.id);
      expect(row).toMatchObject({ status: 'rejected', code: 'SBX-THB-1', handed_at: [] });
      expect(await reserved()).toBe(heldBefore);
    } finally {
      await setHeadroom('SBX-THB-2', '10000.00');
    }
  });

  it('when every gateway the profile names refuses, the pay-out is rejected by the last one asked', async () => {
    const spy = await outage(THB);
    const heldBefore = await reserved();
    const made = await newPayout('700.02');
    expect(spy).toHaveBeenCalledTimes(2);
    const row = await payoutRow(made.id);
    expect(row).toMatchObject({ status: 'rejected', code: 'SBX-THB-2', handed_at: [] });
    expect(row.reasons!.filter((r) => r.values.why === 'refused')).toEqual([
      { key: 'skipped', values: { gateway: 'SBX-THB-1', why: 'refused' } },
    ]);
    expect(await reserved()).toBe(heldBefore);
    const counted = await countedTwice(t, 'payout');
    expect(counted.rollups).toEqual(counted.rows);
  });

  it('books stay clean', async () => {
    await outage([]);
    await t.expectCleanLedger();
  });
});
