import {
  ADJUSTMENT_BALANCES_OF,
  formatAmount,
  type AdjustmentBalance,
  type AdjustmentDirection,
} from '@bo/contract';
import { badInput, conflict } from '../../core/app-error';
import type { Actor } from '../../core/context';
import type { Queryable } from '../../db/db';
import { accountKey, findLedgerBalance } from '../../ledger/ledger-accounts';
import { isUuid } from '../../http/validation';
import { hasContractInForce } from '../contracts/contracts.service';
import { detailFacets } from '../money-lookup/detail-facet';
import type { ScopedAccount } from '../scoped-lists/scope';

/** Refuses an owner that is not a merchant or a reseller, or a balance it does not have. */
export function checkOwnerBalance(
  owner: ScopedAccount,
  balance: AdjustmentBalance,
): 'merchant' | 'reseller' {
  const type = owner.account_type;
  if (type !== 'merchant' && type !== 'reseller')
    throw badInput('ownerDbCode must name a merchant or a reseller');
  if (!ADJUSTMENT_BALANCES_OF[type].includes(balance))
    throw badInput(
      `balance: a ${type}'s balance to adjust is ${ADJUSTMENT_BALANCES_OF[type].join(' or ')}`,
    );
  return type;
}

/** A merchant is adjusted only in a currency of its contracts (else the money is stranded). */
export async function checkOwnerCurrency(
  tx: Queryable,
  owner: ScopedAccount,
  currency: string,
): Promise<void> {
  if (owner.account_type !== 'merchant') return;
  if (!(await hasContractInForce(tx, owner.id, currency, new Date())))
    throw badInput(
      `currency: ${owner.account_db_code} has no contract in ${currency}, so its balance cannot be adjusted in it`,
    );
}

/**
 * A debit may not take the balance below zero: refused at once when the balance does not cover
 * it now (the approval takes it again under the balance's lock, and is refused then if spent).
 */
export async function checkDebitCovered(
  tx: Queryable,
  spec: {
    owner: ScopedAccount;
    direction: AdjustmentDirection;
    balance: AdjustmentBalance;
    currency: string;
    amount: bigint;
  },
): Promise<void> {
  if (spec.direction !== 'debit') return;
  const now = await findLedgerBalance(tx, accountKey(spec.owner.id, spec.currency, spec.balance));
  if (now < spec.amount)
    throw conflict(
      `${spec.owner.account_db_code}'s ${spec.balance.replace('_', ' ')} balance is ${formatAmount(now, spec.currency)} ${spec.currency}: a debit of ${formatAmount(spec.amount, spec.currency)} would take it below zero`,
    );
}

/**
 * The transaction an adjustment corrects, when named: an item of any money kind that belongs to
 * the owner (a merchant's pay-in, a reseller's withdrawal…).
 */
export async function checkRelatedItem(
  tx: Queryable,
  actor: Actor,
  owner: ScopedAccount,
  relatedId: string | undefined,
): Promise<string | null> {
  if (!relatedId) return null;
  if (!isUuid(relatedId)) throw badInput('relatedId must be the id of a transaction (a UUID)');
  for (const [, facet] of detailFacets.all()) {
    const item = await facet.find(tx, actor, relatedId);
    if (
      item &&
      (item.merchantId === owner.id || (!item.merchantId && item.resellerId === owner.id))
    )
      return item.id;
  }
  throw badInput(`relatedId: no transaction of ${owner.account_db_code} has this id`);
}
