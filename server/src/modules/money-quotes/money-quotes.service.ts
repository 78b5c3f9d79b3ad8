import {
  createPayout,
  createTopUp,
  decideAccess,
  formatAmount,
  readPositiveAmount,
  requestSettlement,
  requestSettlementWallet,
  requestWithdrawal,
  type AccountType,
  type CallDef,
  type MoneyRequestKind,
  type MoneyRequestQuote,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, notAllowed } from '../../core/app-error';
import type { Actor } from '../../core/context';
import { accountKey, findLedgerBalance, type Purpose } from '../../ledger/ledger-accounts';
import { findAccountInScope } from '../scoped-lists/scope';
import { pricePayouts } from '../payouts/payouts.service';
import { priceSettlements } from '../settlements/settlements.service';

/**
 * Each form's request call (whose rule the quote applies), who may make that request (the
 * request handlers' own check) and the balance it works on.
 */
const KINDS: Record<
  MoneyRequestKind,
  {
    request: CallDef;
    requester: AccountType;
    refusal: string;
    purpose: Extract<Purpose, MoneyRequestQuote['balance_purpose']>;
  }
> = {
  payout: {
    request: createPayout,
    requester: 'merchant',
    refusal: 'Only a merchant can ask for this',
    purpose: 'payout_available',
  },
  settlement: {
    request: requestSettlement,
    requester: 'merchant',
    refusal: 'Only a merchant can ask for this',
    purpose: 'available',
  },
  settlement_wallet: {
    request: requestSettlementWallet,
    requester: 'merchant',
    refusal: 'Only a merchant can ask for this',
    purpose: 'available',
  },
  withdrawal: {
    request: requestWithdrawal,
    requester: 'reseller',
    refusal: 'Only a reseller can withdraw commission',
    purpose: 'commission',
  },
  top_up: {
    request: createTopUp,
    requester: 'admin',
    refusal: 'Only an admin can record a top-up',
    purpose: 'payout_available',
  },
};

export interface QuoteInput {
  kind: MoneyRequestKind;
  currency: string;
  amount: string;
  merchantDbCode?: string;
  inHouse?: boolean;
}

/** A rate in fiat per USDT scaled by 10^8, as the settlement rows show it ("34.50000000"). */
const rateText = (e8: bigint) => {
  const s = e8.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
};

/** Refuses fields that belong to another kind's form, so nothing is silently ignored. */
function checkKindFields(input: QuoteInput): void {
  if (input.kind === 'top_up' && !input.merchantDbCode)
    throw badInput('merchantDbCode is required for a top-up');
  if (input.kind !== 'top_up' && input.merchantDbCode)
    throw badInput('merchantDbCode is only for a top-up');
  if (input.kind !== 'payout' && input.inHouse !== undefined)
    throw badInput('inHouse is only for a pay-out');
}

/** Whose balance the quote reads and what the request would charge and convert. */
async function priceFor(
  db: Queryable,
  actor: Actor,
  input: QuoteInput,
  amount: bigint,
): Promise<{ ownerId: string; fee: bigint; usdtRateE8: bigint | null; usdtAmount: bigint | null }> {
  const none = { fee: 0n, usdtRateE8: null, usdtAmount: null };
  const item = {
    merchantId: actor.scopeAccountId,
    currency: input.currency,
    amount,
    createdAt: new Date(),
  };
  switch (input.kind) {
    case 'payout': {
      const { priced } = await pricePayouts(db, [{ ...item, inHouse: input.inHouse ?? false }]);
      return { ...none, ownerId: actor.scopeAccountId, fee: priced[0]!.split.fee };
    }
    case 'settlement':
    case 'settlement_wallet': {
      const destination = input.kind === 'settlement' ? 'bank' : 'usdt_wallet';
      const [priced] = await priceSettlements(db, [{ ...item, destination }]);
      return {
        ownerId: actor.scopeAccountId,
        fee: priced!.split.fee,
        usdtRateE8: priced!.usdtRateE8,
        usdtAmount: priced!.usdtAmount,
      };
    }
    case 'withdrawal':
      return { ...none, ownerId: actor.scopeAccountId };
    case 'top_up': {
      const merchant = await findAccountInScope(db, actor, input.merchantDbCode!);
      if (merchant.account_type !== 'merchant')
        throw badInput('merchantDbCode must name a merchant');
      return { ...none, ownerId: merchant.id };
    }
  }
}

/**
 * What a money request of `input.kind` would do to the caller's balance, without doing it:
 * the balance now, the fee priced by the request's own pricing, the total, what remains and
 * whether the balance covers it. Access is the request call's: its rule and its requester.
 */
export async function quoteMoneyRequest(
  db: Queryable,
  actor: Actor,
  input: QuoteInput,
): Promise<MoneyRequestQuote> {
  const spec = KINDS[input.kind];
  if (decideAccess(spec.request.rule, actor) !== 'allowed') throw notAllowed();
  if (actor.accountType !== spec.requester) throw notAllowed(spec.refusal);
  checkKindFields(input);
  const read = readPositiveAmount(input.amount, input.currency);
  if (!read.ok) throw badInput(`amount ${read.message}`);
  const amount = read.minor;

  const priced = await priceFor(db, actor, input, amount);
  const available = await findLedgerBalance(
    db,
    accountKey(priced.ownerId, input.currency, spec.purpose),
  );
  const isCredit = input.kind === 'top_up';
  const total = amount + priced.fee;
  const remaining = isCredit ? available + total : available - total;
  const money = (minor: bigint) => formatAmount(minor, input.currency);
  return {
    kind: input.kind,
    currency: input.currency,
    amount: money(amount),
    balance_purpose: spec.purpose,
    direction: isCredit ? 'credit' : 'debit',
    available: money(available),
    fee: money(priced.fee),
    total: money(total),
    remaining: money(remaining),
    enough: remaining >= 0n,
    usdt_rate: priced.usdtRateE8 === null ? null : rateText(priced.usdtRateE8),
    usdt_amount: priced.usdtAmount === null ? null : formatAmount(priced.usdtAmount, 'USDT'),
    quoted_at: new Date().toISOString(),
  };
}
