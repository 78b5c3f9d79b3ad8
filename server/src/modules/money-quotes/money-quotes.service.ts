import {
  decideAccess,
  formatAmount,
  moneyKind,
  readPositiveAmount,
  type MoneyRequestQuote,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, notAllowed } from '../../core/app-error';
import type { Actor } from '../../core/context';
import { accountKey, findLedgerBalance } from '../../ledger/ledger-accounts';
import { quoteFacets, type QuoteInput } from './quote-facet';

/** A rate in fiat per USDT scaled by 10^8, as the settlement rows show it ("34.50000000"). */
const rateText = (e8: bigint) => {
  const s = e8.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
};

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
  const quote = quoteFacets.of(input.kind);
  if (decideAccess(quote.request.rule, actor) !== 'allowed') throw notAllowed();
  if (actor.accountType !== quote.requester) throw notAllowed(quote.refusal);
  quote.checkFields(input);
  const read = readPositiveAmount(input.amount, input.currency);
  if (!read.ok) throw badInput(`amount ${read.message}`);
  const amount = read.minor;

  const priced = await quote.price(db, actor, input, amount);
  // The balance it works on and which way: the registry's entry for the kind.
  const { balance: purpose, effect } = moneyKind(input.kind).money;
  const available = await findLedgerBalance(
    db,
    accountKey(priced.ownerId, input.currency, purpose),
  );
  const isCredit = effect === 'credit';
  const total = amount + priced.fee;
  const remaining = isCredit ? available + total : available - total;
  const money = (minor: bigint) => formatAmount(minor, input.currency);
  return {
    kind: input.kind,
    currency: input.currency,
    amount: money(amount),
    balance_purpose: purpose,
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
