import { randomUUID } from 'node:crypto';
import { formatAmount, REFUND_LIFECYCLE, type RefundStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { conflict, notFound } from '../../core/app-error';
import type { TransitionResult } from '../../core/transitions';
import { accountKey, gatewayKey, platformKey } from '../../ledger/ledger-accounts';
import { reserveFunds } from '../../ledger/reservations';
import { findGatewayCodes } from '../gateways/gateways.service';
import { applyCreationRollup } from '../money-flow/creation-rollup';
import { changeGatewayMoney, type GatewayMoneyKind } from '../money-flow/money-writer';
import { checkRefundable, priceRefund } from './refund-pricing';
import {
  addRefundedWrites,
  readPayinForRefund,
  refundsTable,
  type RefundRecord,
} from './refunds.queries';

/** The refund reads the merchant API and the money detail use (the service is the module's door). */
export {
  findRefundIdsOfPayin,
  refundList,
  refundsTable,
  type RefundRecord,
} from './refunds.queries';

export interface NewRefund {
  readonly merchantId: string;
  readonly payinId: string;
  readonly amount: bigint;
  readonly reason: string;
  readonly merchantRefundId: string | null;
  readonly notifyUrl?: string;
  readonly createdBy: string | null;
  readonly at: Date;
  /** Whether the platform gives the pay-in's fee back pro rata (a platform setting). */
  readonly returnsPayinFee: boolean;
}

/**
 * The fee the rollups (every report and total) count for a refund: its fee net of the pay-in
 * fee it gives back, which is what the merchant paid for it (negative when more comes back).
 */
const rollupFeeOf = (r: Pick<RefundRecord, 'fee' | 'fee_returned'>) => r.fee - r.fee_returned;

/** A refund's fee is the platform's alone: no commission, no gateway cost. */
const splitOf = (r: Pick<RefundRecord, 'fee' | 'fee_returned'>) => ({
  gatewayCost: 0n,
  resellerCommission: 0n,
  platformProfit: rollupFeeOf(r),
});

/**
 * Records a refund of a pay-in of the merchant's and reserves amount plus fee from its available
 * balance, in the caller's transaction. The pay-in is locked first, so concurrent refunds of one
 * pay-in are judged one after another against what the others hold: never more than its amount.
 * Starts in `processing` (to the gateway), or `pending_approval` at or above the threshold.
 */
export async function createRefund(tx: Queryable, r: NewRefund): Promise<RefundRecord> {
  const locked = await readPayinForRefund(tx, r.payinId, r.merchantId, { lock: true });
  if (!locked) throw notFound('No pay-in of yours has this id');
  const price = await priceRefund(tx, locked, r.amount, r.returnsPayinFee, r.at);
  checkRefundable(price);
  const { payin } = locked;
  const row: RefundRecord = {
    id: randomUUID(),
    payin_id: payin.id,
    merchant_account_id: payin.merchant_account_id,
    reseller_account_id: payin.reseller_account_id,
    currency: payin.currency,
    amount: r.amount,
    fee: price.fee,
    fee_returned: price.feeReturned,
    gateway_id: payin.gateway_id,
    contract_id: price.contractId,
    status: price.needsApproval ? 'pending_approval' : 'processing',
    reason: r.reason,
    merchant_refund_id: r.merchantRefundId,
    gateway_reference: '',
    notify_url: r.notifyUrl ?? '',
    created_by: r.createdBy,
    created_at: r.at,
    updated_at: r.at,
    completed_at: null,
  };
  const inserted = await refundsTable.insertSkippingConflicts(
    tx,
    [row],
    'merchant_account_id, merchant_refund_id',
  );
  if (!inserted.length)
    throw conflict('merchant_refund_id is already used by another refund of yours');
  await reserveFunds(tx, [
    {
      ownerAccountId: row.merchant_account_id,
      refType: 'refund',
      refId: row.id,
      from: accountKey(row.merchant_account_id, row.currency, 'available'),
      held: accountKey(row.merchant_account_id, row.currency, 'reserved'),
      amount: row.amount + row.fee,
      contractId: row.contract_id,
      createdAt: row.created_at,
    },
  ]);
  await applyCreationRollup(tx, REFUND_MONEY, row);
  return row;
}

export interface RefundChange {
  readonly id: string;
  readonly status: RefundStatus;
  readonly at: Date;
  readonly reference?: string;
}

/** The pay-in fee given back with a succeeded refund: from the platform's fees to the merchant. */
function feeReturnJournal(r: RefundRecord, at: Date) {
  return {
    ownerAccountId: r.merchant_account_id,
    kind: 'refund.fee_return',
    refType: 'refund',
    refId: r.id,
    contractId: r.contract_id,
    createdAt: at,
    entries: [
      { account: platformKey(r.currency, 'platform_fees'), amount: -r.fee_returned },
      {
        account: accountKey(r.merchant_account_id, r.currency, 'available'),
        amount: r.fee_returned,
      },
    ],
  };
}

/** How a refund moves (the shared writer of money through a gateway). */
const REFUND_MONEY: GatewayMoneyKind<
  RefundStatus,
  RefundRecord,
  RefundChange,
  'gateway_reference'
> = {
  kind: 'refund',
  lifecycle: REFUND_LIFECYCLE,
  table: refundsTable,
  values: (change) => ({ gateway_reference: change.reference }),
  split: splitOf,
  rollupFee: rollupFeeOf,
  effects: (r, change) => {
    const notice = {
      type: 'refund',
      id: r.id,
      payin_id: r.payin_id,
      merchant_refund_id: r.merchant_refund_id,
      status: change.status,
      amount: formatAmount(r.amount, r.currency),
      fee: formatAmount(r.fee, r.currency),
      fee_returned: formatAmount(r.fee_returned, r.currency),
      currency: r.currency,
    };
    if (change.status === 'succeeded')
      return {
        // The payer's money leaves through the pay-in's gateway; the fee is the platform's.
        resolution: {
          refId: r.id,
          outcome: 'posted',
          to: [
            { account: gatewayKey(r.gateway_id, r.currency), amount: r.amount },
            { account: platformKey(r.currency, 'platform_fees'), amount: r.fee },
          ],
          contractId: r.contract_id,
          at: change.at,
        },
        journals: r.fee_returned > 0n ? [feeReturnJournal(r, change.at)] : [],
        notice,
      };
    if (change.status === 'failed' || change.status === 'rejected')
      return { resolution: { refId: r.id, outcome: 'voided', at: change.at }, notice };
    return {};
  },
};

/**
 * Moves refunds along their lifecycle: a success posts the reservation and adds the amount to
 * the pay-in's `refunded_amount`; a failure or a rejection voids it; a final state tells the
 * merchant. Transitions the lifecycle refuses are reported with `applied: false`.
 */
export async function changeRefunds(
  tx: Queryable,
  changes: readonly RefundChange[],
): Promise<TransitionResult<RefundStatus, RefundRecord>[]> {
  if (!changes.length) return [];
  const locked = await refundsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  const codes = await findGatewayCodes(
    tx,
    locked.map((r) => r.gateway_id),
  );
  return changeGatewayMoney(tx, REFUND_MONEY, locked, changes, codes, {
    also: (results) =>
      addRefundedWrites(
        results
          .filter((x) => x.applied && x.status === 'succeeded' && x.record)
          .map((x) => ({ payinId: x.record!.payin_id, amount: x.record!.amount })),
      ),
  });
}
