import type { RoutingDirection } from '@bo/contract';
import type { Actor } from '../../src/core/context';
import {
  putRoutingProfile,
  type ProfilePlace,
} from '../../src/modules/routing/routing-profiles.service';
import { forgetPricing } from '../../src/modules/contracts/pricing-context';
import type { MoneyApp } from '../money/support/money-app';

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
