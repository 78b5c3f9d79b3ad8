import { formatAmount, instantOf } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { PURPOSES, type Purpose } from '../../ledger/ledger-accounts';
import { ownerBalancesAtInstant } from '../../ledger/owner-balances-at';
import { pastInstant } from './report-service';
import { statementOwner } from './ledger-targets';

const purposeOrder = Object.keys(PURPOSES) as Purpose[];

/**
 * An owner's ledger accounts and their balances at an instant (issue 44; `getBalancesAt`),
 * the same reader as the merchant API's `GET /balance?at=` (`ownerBalancesAtInstant`).
 */
export async function ownerBalancesAt(
  ctx: UserCallContext,
  input: { at: string; currency?: string; ownerId?: string },
) {
  const at = pastInstant(instantOf(input.at));
  const owner = await statementOwner(ctx, input.ownerId);
  const balances = await ownerBalancesAtInstant(ctx.db, owner.id, at, {
    currency: input.currency,
  });
  const rows = balances
    .sort(
      (a, b) =>
        a.currency.localeCompare(b.currency) ||
        purposeOrder.indexOf(a.purpose) - purposeOrder.indexOf(b.purpose),
    )
    .map((a) => ({
      currency: a.currency,
      purpose: a.purpose,
      balance: formatAmount(a.balance, a.currency),
    }));
  return {
    owner_db_code: owner.account_db_code,
    owner_name: owner.name,
    at: at.toISOString(),
    rows,
  };
}
