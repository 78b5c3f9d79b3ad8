import type { FieldProblem } from '@bo/contract';
import { AppError } from '../../../core/app-error';
import { findAccountInScope } from '../../scoped-lists/scope';
import type { CheckContext, ConditionDef } from '../risk-types';

const problem = (field: string, rule: string): FieldProblem => ({ field, rule, kind: 'other' });

/**
 * Each code names an account of `type` the caller may see; a merchant's rule names only its own
 * merchant, and a reseller's only its own merchants (or itself).
 */
async function accountProblems(
  ctx: CheckContext,
  codes: readonly string[] | undefined,
  type: 'merchant' | 'reseller',
  field: string,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const [i, code] of (codes ?? []).entries()) {
    const at = `${field}[${i}]`;
    const account = await findAccountInScope(ctx.db, ctx.actor, code).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
      throw e;
    });
    if (!account || account.account_type !== type)
      problems.push(problem(at, `names no ${type} you can see`));
    else if (!ownerMayName(ctx, account))
      problems.push(problem(at, `is outside this rule's owner`));
  }
  return problems;
}

/** A merchant's rule may name its own merchant only; a reseller's, itself and its merchants. */
function ownerMayName(
  ctx: CheckContext,
  account: { id: string; reseller_account_id: string | null },
): boolean {
  const { owner } = ctx;
  if (owner.scope === 'platform') return true;
  if (owner.scope === 'merchant') return account.id === owner.merchantId;
  return account.id === owner.resellerId || account.reseller_account_id === owner.resellerId;
}

/** The request's merchant, or its reseller, is one of these (by account code). */
export const accountCondition: ConditionDef<'account'> = {
  check: async (c, ctx, at) => [
    ...(await accountProblems(ctx, c.merchants, 'merchant', `${at}.merchants`)),
    ...(await accountProblems(ctx, c.resellers, 'reseller', `${at}.resellers`)),
  ],
  js(c, facts, _history, lookups) {
    const ids = (codes: readonly string[] | undefined) =>
      (codes ?? []).map((code) => lookups.accountIdOf(code));
    const matched =
      ids(c.merchants).includes(facts.merchantId) ||
      (facts.resellerId !== null && ids(c.resellers).includes(facts.resellerId));
    return { matched };
  },
};
