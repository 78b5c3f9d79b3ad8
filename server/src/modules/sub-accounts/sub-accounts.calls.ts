import {
  getSubAccountList,
  resetSubAccountPassword,
  setSubAccountStatus,
  updateSubAccountModules,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { serveList } from '../scoped-lists/list-query';
import { subAccountList } from './sub-accounts.queries';
import * as subAccounts from './sub-accounts.service';

/** The caller's own sub-accounts are the list's scope (`asParent`). */
const asParentContext = (ctx: UserCallContext): UserCallContext => ({
  ...ctx,
  actor: subAccounts.asParent(ctx.actor),
});

/**
 * Sub-account calls (issue 11): the caller's sub-accounts listed (and exported), their modules
 * changed, disabled or enabled, their password reset. `createSubAccount` is an accounts call.
 */
export function registerSubAccountCalls(registry: CallRegistry): void {
  const served = serveList(subAccountList, subAccounts.viewSubAccount);
  registry
    .list(getSubAccountList, {
      page: (ctx, input) => served.page(asParentContext(ctx), input),
      chunks: (ctx, input) => served.chunks(asParentContext(ctx), input),
    })
    .user(updateSubAccountModules, (ctx, input) =>
      subAccounts.updateSubAccountModules(ctx, input.id, input.modules),
    )
    .user(setSubAccountStatus, (ctx, input) =>
      subAccounts.setSubAccountStatus(ctx, input.id, input.status),
    )
    .user(resetSubAccountPassword, (ctx, input) =>
      subAccounts.resetSubAccountPassword(ctx, input.id, input.temporaryPassword),
    );
}
