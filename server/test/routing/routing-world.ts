import type { RoutingDirection } from '@bo/contract';
import type { Actor } from '../../src/core/context';
import {
  putRoutingProfile,
  type ProfilePlace,
} from '../../src/modules/routing/routing-profiles.service';
import { forgetPricing } from '../../src/modules/contracts/pricing-context';
import { ADMIN, type MoneyApp } from '../money/support/money-app';

/**
 * What the routing tests share of the money app's world: the demo admin as an actor (profiles
 * are put directly, as an approved change puts them), and the demo merchant's THB contract
 * binding no gateway, so routing decides its payments. Answers the admin and the merchant's id.
 */
export async function routingWorld(t: MoneyApp): Promise<{ admin: Actor; merchantId: string }> {
  const adminId = await t.accountId('ADM00001');
  const merchantId = await t.accountId('MER00001');
  await t.db.query(
    `UPDATE contracts SET gateway_id = NULL WHERE merchant_account_id = $1 AND currency = 'THB'`,
    [merchantId],
  );
  forgetPricing();
  const admin: Actor = {
    accountId: adminId,
    sessionId: 'test',
    username: 'admin',
    email: 'admin@demo.test',
    accountType: 'admin',
    modules: [],
    scopeAccountId: adminId,
    isSubAccount: false,
  };
  return { admin, merchantId };
}

/** The platform's THB profile place in a direction. */
export const thbPlatform = (direction: RoutingDirection): ProfilePlace => ({
  direction,
  currency: 'THB',
  scope: 'platform',
  accountId: null,
});

const TEST_ORIGIN = { clientIp: '127.0.0.1', userAgent: 'test', requestId: 'routing-test' };

/** Puts a profile in force at `place` as an approved change would, by `admin`. */
export const putProfile = (
  t: MoneyApp,
  admin: Actor,
  place: ProfilePlace,
  definition: unknown,
  active = true,
) =>
  t.db.transaction((tx) =>
    putRoutingProfile(tx, { origin: TEST_ORIGIN, actor: admin, note: 'test' }, place, {
      definition,
      active,
    }),
  );

/**
 * Sets how the sandbox gateways `codes` behave, through `setSandboxBehaviour` as an admin:
 * `down` refuses every hand-over (an outage), `paysAlone` finishes pay-ins without a payer at
 * `successPercent`. Answers the gateways' ids by code.
 */
export async function behaveAt(
  t: MoneyApp,
  codes: readonly string[],
  how: { down?: boolean; paysAlone?: boolean; successPercent?: string } = {},
): Promise<Map<string, string>> {
  const { rows } = await t.db.query<{ id: string; code: string }>(
    `SELECT id, payment_gateway_code AS code FROM payment_gateways
      WHERE payment_gateway_code = ANY($1::text[])`,
    [codes],
  );
  for (const { id, code } of rows) {
    const answer = await t.as(ADMIN, 'setSandboxBehaviour', {
      id,
      successPercent: how.successPercent ?? '100',
      latencyMs: '0',
      refusesHandOvers: how.down ? '1' : '0',
      paysAlone: how.paysAlone ? '1' : '0',
      reason: `test: ${code} ${how.down ? 'down' : 'up'}`,
    });
    if (answer.status !== 200) throw new Error(`setSandboxBehaviour ${code}: ${answer.message}`);
  }
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * A kind's THB payments per gateway and status (`code:status`), as their rows say and as the
 * report rollups count them: a move between gateways must leave the two equal.
 */
export async function countedTwice(t: MoneyApp, kind: 'payin' | 'payout') {
  const table = kind === 'payin' ? 'payins' : 'payouts';
  const rows = await t.db.query<{ k: string; n: bigint; cost: bigint }>(
    `SELECT g.payment_gateway_code || ':' || p.status AS k, count(*)::bigint AS n,
            sum(p.gateway_cost)::bigint AS cost
       FROM ${table} p JOIN payment_gateways g ON g.id = p.gateway_id
      WHERE p.currency = 'THB' GROUP BY 1 ORDER BY 1`,
  );
  const rollups = await t.db.query<{ k: string; n: bigint; cost: bigint }>(
    `SELECT gateway_code || ':' || status AS k, sum(count)::bigint AS n, sum(gateway_cost)::bigint AS cost
       FROM report_halfhours WHERE kind = $1 AND currency = 'THB'
      GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 1`,
    [kind],
  );
  return { rows: rows.rows, rollups: rollups.rows };
}

/** A THB pay-out through the merchant API of `amount`, answered 201 (or the test throws). */
export async function apiPayout(t: MoneyApp, amount: string, orderId: string) {
  const r = await t.api<{ id: string; status: string }>('POST', '/api/v1/payouts', {
    amount,
    currency: 'THB',
    order_id: orderId,
    bank_name: 'SCB',
    account_number: '111',
    account_holder: 'A',
  });
  if (r.status !== 201) throw new Error(`POST /api/v1/payouts: ${JSON.stringify(r.body)}`);
  return r.body;
}
