import {
  getMerchantList,
  getResellerList,
  getSubAccountList,
  moneyKind,
  RULES,
  type AccessRule,
  type MoneyDetailKind,
  type MoneyHit,
  type SearchAccountKind,
} from '@bo/contract';
import type { Actor } from '../../core/context';
import type { FixedCondition } from '../scoped-lists/list-totals';
import type { ScopedList } from '../scoped-lists/list-query';
import { viewPayin } from '../payins/payins.calls';
import { payinList } from '../payins/payins.service';
import { viewPayout } from '../payouts/payouts.calls';
import { payoutList } from '../payouts/payouts.service';
import { viewSettlement } from '../settlements/settlements.calls';
import { settlementList, settlementsTo } from '../settlements/settlements.service';
import { viewDispute } from '../disputes/disputes.calls';
import { disputeList } from '../disputes/disputes.service';
import { viewRefund } from '../refunds/refunds.calls';
import { refundList } from '../refunds/refunds.service';
import { asParent } from '../sub-accounts/sub-accounts.service';
import { uuidRange } from '../scoped-lists/search-prefix';
import { viewTopUp } from '../top-ups/top-ups.calls';
import { topUpList } from '../top-ups/top-ups.service';
import { viewWithdrawal } from '../withdrawals/withdrawals.calls';
import { withdrawalList } from '../withdrawals/withdrawals.service';

/** What a money hit is made from: the fields every kind's list row shares. */
interface ViewedRow {
  id: string;
  status: string;
  amount: string;
  currency: string;
  created_at: string;
  order_id?: string;
  gateway_reference?: string | null;
  merchant_db_code?: string;
  reseller_db_code?: string | null;
}

/** One money kind the global search looks in: its list, what narrows it, its row's view. */
export interface MoneySearch {
  readonly kind: MoneyDetailKind;
  /** The rule of the kind's list (the registry's): searched only for who may open it. */
  readonly rule: AccessRule;
  /** The kind's own scoped list; its search box's columns are what is looked in. */
  readonly list: ScopedList<unknown>;
  readonly fixed: readonly FixedCondition[];
  readonly view: (row: unknown) => ViewedRow;
}

/** A money kind's entry: the list's search, under the rule the detail view checks. */
function moneySearch<R>(spec: {
  kind: MoneyDetailKind;
  list: ScopedList<R>;
  view: (row: R) => ViewedRow;
  fixed?: readonly FixedCondition[];
}): MoneySearch {
  return {
    kind: spec.kind,
    rule: RULES[moneyKind(spec.kind).listRule],
    list: spec.list as ScopedList<unknown>,
    fixed: spec.fixed ?? [],
    view: spec.view as (row: unknown) => ViewedRow,
  };
}

/**
 * Every money kind the search finds, in the order its groups are answered. A new kind (a
 * refund) is one more entry: its list (whose `searchTexts` say what is matched besides the
 * id) and its row view.
 */
export const MONEY_SEARCHES: readonly MoneySearch[] = [
  moneySearch({ kind: 'payin', list: payinList, view: viewPayin }),
  moneySearch({ kind: 'payout', list: payoutList, view: viewPayout }),
  moneySearch({
    kind: 'settlement',
    list: settlementList,
    view: viewSettlement,
    fixed: [settlementsTo('bank')],
  }),
  moneySearch({
    kind: 'settlement_wallet',
    list: settlementList,
    view: viewSettlement,
    fixed: [settlementsTo('usdt_wallet')],
  }),
  moneySearch({ kind: 'withdrawal', list: withdrawalList, view: viewWithdrawal }),
  moneySearch({ kind: 'top_up', list: topUpList, view: viewTopUp }),
  moneySearch({ kind: 'refund', list: refundList, view: viewRefund }),
  moneySearch({ kind: 'dispute', list: disputeList, view: viewDispute }),
];

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
