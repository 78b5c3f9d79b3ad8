import type { AccountStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { findSubAccountIds, updateAccountStatus } from '../accounts/accounts.service';
import { revokeAccountSessions } from './sessions';

/**
 * Sets an account's status, in the caller's transaction: disabling it ends every session of it
 * and of its sub-accounts at once (their sign-in is refused while it is disabled). Answers how
 * many sessions ended. One rule for a managed account and a team admin alike.
 */
export async function setAccountStatus(
  tx: Queryable,
  accountId: string,
  status: AccountStatus,
): Promise<number> {
  await updateAccountStatus(tx, accountId, status);
  if (status !== 'disabled') return 0;
  let ended = 0;
  for (const id of [accountId, ...(await findSubAccountIds(tx, accountId))])
    ended += await revokeAccountSessions(tx, id, 'account_disabled');
  return ended;
}
