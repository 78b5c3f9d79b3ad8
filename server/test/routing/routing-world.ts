import type { Actor } from '../../src/core/context';
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
