import { chargeOf, formatAmount, REFUSAL_REASONS, type RefusalReason } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { AppError, conflict } from '../../core/app-error';
import {
  findContractsOfMerchant,
  pickContract,
  refundRateOf,
} from '../contracts/contracts.service';
import { findTwoApproverThreshold } from '../approvals/approvals.service';
import { accountKey, findLedgerBalance } from '../../ledger/ledger-accounts';
import type { readPayinForRefund } from './refunds.queries';

export type LockedPayin = NonNullable<Awaited<ReturnType<typeof readPayinForRefund>>>['payin'];

/** What a refund of `amount` costs and leaves, priced exactly as the request prices it. */
export interface RefundPrice {
  readonly payin: LockedPayin;
  readonly amount: bigint;
  readonly refundable: bigint;
  readonly fee: bigint;
  readonly feeReturned: bigint;
  readonly contractId: string;
  readonly available: bigint;
  readonly needsApproval: boolean;
}

/** What a pay-in's refunds already claim (not failed or rejected): amount and fee given back. */
export interface ClaimedRefunds {
  readonly amount: bigint;
  readonly feeReturned: bigint;
}

/**
 * The share of a pay-in's fee a refund of `amount` gives back, priced cumulatively so partial
 * refunds return what one refund of their sum would: with `share(x)` = floor(fee × x ÷ pay-in
 * amount) and `before` what the pay-in's other refunds claim, it is share(before + amount) −
 * share(before), the one rounding taken on the running total (ten refunds of 10.00 and one of
 * 0.03 of a 100.03 pay-in with a 2.00 fee give back 2.00, not 1.90). Never more than
 * share(before + amount) less what the claimed refunds already give back, nor below zero: a
 * claimed refund that later failed or was rejected leaves its slice unreturned rather than let
 * later ones give back more than the fee.
 */
export function payinFeeReturn(
  payin: { readonly amount: bigint; readonly fee: bigint },
  before: ClaimedRefunds,
  amount: bigint,
): bigint {
  if (payin.amount <= 0n) return 0n;
  const share = (refunded: bigint) => (payin.fee * refunded) / payin.amount;
  const after = share(before.amount + amount);
  const slice = after - share(before.amount);
  const rest = after - before.feeReturned;
  const back = slice < rest ? slice : rest;
  return back > 0n ? back : 0n;
}

/**
 * Prices a refund of a pay-in the caller has read (`readPayinForRefund`; locked for a request): the refund fee of
 * the merchant's contract line in force now for the pay-in's currency and gateway; the pay-in's
 * fee returned pro rata when the platform returns fees (`payinFeeReturn`: rounded down on the
 * pay-in's running total, so the platform never gives back more than it took); whether it waits
 * for two admins (at or above the threshold).
 */
export async function priceRefund(
  tx: Queryable,
  locked: { payin: LockedPayin; claimed: bigint; refunds: ClaimedRefunds },
  amount: bigint,
  returnsPayinFee: boolean,
  at: Date,
): Promise<RefundPrice> {
  const { payin } = locked;
  const contracts = await findContractsOfMerchant(tx, payin.merchant_account_id);
  const contract =
    pickContract(contracts, payin.merchant_account_id, payin.currency, payin.gateway_id, at) ??
    contracts.find((c) => c.id === payin.contract_id);
  if (!contract) throw conflict(`There is no contract in ${payin.currency} for this merchant`);
  // One after the other: a transaction's connection runs one query at a time.
  const available = await findLedgerBalance(
    tx,
    accountKey(payin.merchant_account_id, payin.currency, 'available'),
  );
  const threshold = await findTwoApproverThreshold(tx, payin.currency);
  return {
    payin,
    amount,
    refundable: payin.amount - locked.claimed,
    fee: chargeOf(amount, refundRateOf(contract)),
    feeReturned: returnsPayinFee ? payinFeeReturn(payin, locked.refunds, amount) : 0n,
    contractId: contract.id,
    available,
    needsApproval: amount >= threshold,
  };
}

/**
 * Refuses a refund the pay-in or the balance cannot take (409, naming what is short, with a
 * `data.reason` the refund form words in the user's language).
 */
export function checkRefundable(price: RefundPrice): void {
  const { payin, amount } = price;
  const money = (v: bigint) => `${formatAmount(v, payin.currency)} ${payin.currency}`;
  const refuse = (message: string, reason: RefusalReason) =>
    new AppError('CONFLICT', message, reason);
  if (payin.status !== 'success')
    throw refuse(
      `Only a successful pay-in can be refunded; this one is ${payin.status}`,
      REFUSAL_REASONS.refundPayinNotSuccessful,
    );
  if (amount > price.refundable)
    throw refuse(
      `amount: at most ${money(price.refundable < 0n ? 0n : price.refundable)} of this pay-in can still be refunded`,
      REFUSAL_REASONS.refundOverRefundable,
    );
  const total = amount + price.fee;
  if (price.available < total)
    throw refuse(
      `Not enough available balance: the refund needs ${money(total)} (amount plus fee), ${money(price.available)} is available, short by ${money(total - price.available)}`,
      REFUSAL_REASONS.refundBalanceShort,
    );
}
