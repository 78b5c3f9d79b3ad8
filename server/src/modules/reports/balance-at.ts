import { formatAmount, instantOf, type BalanceAtRow } from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { PURPOSES, type Purpose } from '../../ledger/ledger-accounts';
import { balancesAt } from './ledger-entries';
import { statementOwner } from './ledger-targets';

/** How far ahead of the server's clock an instant may be (two clocks a minute apart agree). */
const CLOCK_SLACK_MS = 60_000;
const purposeOrder = Object.keys(PURPOSES) as Purpose[];

/**
 * An owner's ledger accounts and their balances at an instant (issue 44; `getBalancesAt`): the
 * sum of each account's entries before it, from the rollups and the part-day's entries
 * (`balancesAtRows`), so the cost does not grow with the journal. Accounts opened after the
 * instant read zero.
 */
export async function ownerBalancesAt(
  ctx: UserCallContext,
  input: { at: string; currency?: string; ownerId?: string },
) {
  const at = instantOf(input.at);
  if (at.getTime() > Date.now() + CLOCK_SLACK_MS) throw badInput('at: must not be in the future');
  const owner = await statementOwner(ctx, input.ownerId);
  const { rows: accounts } = await ctx.db.query<{
    id: string;
    currency: string;
    purpose: Purpose;
  }>(
    `SELECT id::text AS id, currency, purpose FROM ledger_accounts
      WHERE owner_kind = 'account' AND owner_id = $1 AND ($2::text IS NULL OR currency = $2)`,
    [owner.id, input.currency ?? null],
  );
  const balances = accounts.length
    ? await balancesAt(
        ctx.db,
        at,
        accounts.map((a) => a.id),
      )
    : new Map<string, bigint>();
  const rows: BalanceAtRow[] = accounts
    .sort(
      (a, b) =>
        a.currency.localeCompare(b.currency) ||
        purposeOrder.indexOf(a.purpose) - purposeOrder.indexOf(b.purpose),
    )
    .map((a) => ({
      currency: a.currency,
      purpose: a.purpose,
      balance: formatAmount(balances.get(a.id) ?? 0n, a.currency),
    }));
  return {
    owner_db_code: owner.account_db_code,
    owner_name: owner.name,
    at: at.toISOString(),
    rows,
  };
}
