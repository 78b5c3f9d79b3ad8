import {
  getMerchantList,
  getResellerDetail,
  getResellerList,
  resetAccountOtp,
  setAccountStatus,
  updateAccount,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import {
  resetManagedAccountOtp,
  setManagedAccountStatus,
  updateManagedAccount,
} from './account-admin.service';
import { merchantListService, resellerListService } from './account-lists';
import { readResellerDetail } from './reseller-detail';

/** Account management (issue 11): the reseller and merchant lists, their detail and writes. */
export function registerAccountAdminCalls(registry: CallRegistry): void {
  registry
    .list(getResellerList, resellerListService)
    .list(getMerchantList, merchantListService)
    .user(getResellerDetail, (ctx, input) => readResellerDetail(ctx, input.resellerDbCode))
    .user(updateAccount, (ctx, { accountDbCode, ...change }) =>
      updateManagedAccount(ctx, accountDbCode, change),
    )
    .user(setAccountStatus, (ctx, input) =>
      setManagedAccountStatus(ctx, input.accountDbCode, input.status),
    )
    .user(resetAccountOtp, (ctx, input) => resetManagedAccountOtp(ctx, input.accountDbCode));
}
