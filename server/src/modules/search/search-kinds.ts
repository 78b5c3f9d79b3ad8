import {
  getMerchantList,
  getResellerList,
  getSubAccountList,
  type AccessRule,
  type MoneyHit,
  type SearchAccountKind,
} from '@bo/contract';
import type { Actor } from '../../core/context';
import { asParent } from '../sub-accounts/sub-accounts.service';
import { uuidRange } from '../scoped-lists/search-prefix';
import type { ViewedRow } from '../money-lookup/search-facet';

/** The hit a money row makes, and what of it the text matched (exactly or by its start). */
export function moneyHitOf(row: ViewedRow, text: string): MoneyHit {
  const range = uuidRange(text);
  const matched =
    range && row.id >= range.lower && row.id <= range.upper
      ? 'id'
      : row.order_id?.startsWith(text)
        ? 'order_id'
        : 'gateway_reference';
  return {
    id: row.id,
    matched,
    order_id: row.order_id ?? null,
    gateway_reference: row.gateway_reference || null,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    owner_db_code: row.merchant_db_code ?? row.reseller_db_code ?? '',
    created_at: row.created_at,
  };
}

/** One account kind the search finds: who may see it, and which accounts (table `a`). */
export interface AccountSearch {
  readonly kind: SearchAccountKind;
  /** The rule of the kind's list call. */
  readonly rule: AccessRule;
  /**
   * The SQL condition on `a` of the accounts of this kind the actor may see (its parameters
   * pushed onto `params`), as the kind's list scopes them.
   */
  readonly visible: (actor: Actor, params: unknown[]) => string;
}

const pushed = (params: unknown[], value: unknown) => `$${params.push(value)}`;

/** Every account kind the search finds, after the money kinds. */
export const ACCOUNT_SEARCHES: readonly AccountSearch[] = [
  {
    kind: 'merchant',
    rule: getMerchantList.rule,
    // Like /merchants: every merchant for an admin, its own for a reseller.
    visible: (actor, params) =>
      actor.accountType === 'admin'
        ? `a.account_type = 'merchant' AND a.parent_account_id IS NULL`
        : actor.accountType === 'reseller'
          ? `a.account_type = 'merchant' AND a.parent_account_id IS NULL AND a.reseller_account_id = ${pushed(params, actor.scopeAccountId)}`
          : 'FALSE',
  },
  {
    kind: 'reseller',
    rule: getResellerList.rule,
    // Like /reseller: admins only.
    visible: (actor) =>
      actor.accountType === 'admin'
        ? `a.account_type = 'reseller' AND a.parent_account_id IS NULL`
        : 'FALSE',
  },
  {
    kind: 'sub_account',
    rule: getSubAccountList.rule,
    // Like /sub-accounts: the caller's own (a sub-account has none to manage).
    visible: (actor, params) =>
      actor.isSubAccount
        ? 'FALSE'
        : `a.parent_account_id = ${pushed(params, asParent(actor).scopeAccountId)}`,
  },
];
