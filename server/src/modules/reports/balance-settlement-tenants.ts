import type { UserCallContext } from '../../core/context';
import type { SettlementTenant } from './balance-settlement-figures';
import { accountInScope } from './profit-scope';
import { containsPattern } from '../../db/like-patterns';

/**
 * The tenants a balance settlement report lists for the caller: main accounts of one type,
 * an admin any (narrowed by the reseller and merchant filters), a merchant or reseller only
 * itself. A filter naming an account out of the caller's scope is refused (404, not revealed).
 */
export async function settlementTenants(
  ctx: Pick<UserCallContext, 'db' | 'actor'>,
  type: 'merchant' | 'reseller',
  input: { merchantDbCode?: string; resellerDbCode?: string; search?: string },
): Promise<Map<string, SettlementTenant>> {
  const reseller = input.resellerDbCode
    ? await accountInScope(ctx, 'resellerDbCode', 'account_db_code', input.resellerDbCode, [
        'reseller',
      ])
    : undefined;
  const merchant = input.merchantDbCode
    ? await accountInScope(ctx, 'merchantDbCode', 'account_db_code', input.merchantDbCode, [
        'merchant',
      ])
    : undefined;
  const only = ctx.actor.accountType === 'admin' ? null : ctx.actor.scopeAccountId;
  const { rows } = await ctx.db.query<SettlementTenant>(
    `SELECT id::text AS id, account_db_code, name FROM accounts
      WHERE account_type = $1 AND parent_account_id IS NULL
        AND ($2::uuid IS NULL OR id = $2::uuid)
        AND ($3::uuid IS NULL OR ${type === 'merchant' ? 'reseller_account_id' : 'id'} = $3::uuid)
        AND ($4::uuid IS NULL OR id = $4::uuid)
        AND ($5::text IS NULL OR account_db_code ILIKE $5 OR name ILIKE $5)
      ORDER BY account_db_code`,
    [
      type,
      only,
      reseller?.id ?? null,
      type === 'merchant' ? (merchant?.id ?? null) : null,
      input.search ? containsPattern(input.search) : null,
    ],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
