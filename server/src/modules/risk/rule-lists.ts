import type { RiskKeyType } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { scopeCondition } from '../scoped-lists/scope';

/**
 * A risk list (migration 0930, the lists' package) by id if the caller may see it: an admin
 * every list, a reseller its own and its merchants', a merchant its own; null otherwise. The
 * one place rules read lists, so a rule names only a list its writer can see.
 */
export async function findListInScope(
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  listId: string,
): Promise<{ id: string; key_type: RiskKeyType } | null> {
  const params: unknown[] = [listId];
  const columns =
    actor.accountType === 'reseller'
      ? { reseller: 'l.reseller_account_id' }
      : { merchant: 'l.merchant_account_id' };
  const { rows } = await db.query<{ id: string; key_type: RiskKeyType }>(
    `SELECT l.id, l.key_type FROM risk_lists l
      WHERE l.id = $1::uuid AND ${scopeCondition(actor, columns, params)}`,
    params,
  );
  return rows[0] ?? null;
}
