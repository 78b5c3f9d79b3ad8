import {
  canTransition,
  formatAmount,
  isFinalState,
  PAYOUT_LIFECYCLE,
  PAYOUT_KIND,
  PAYOUT_QUEUED_STATUS,
  type PayoutStatus,
} from '@bo/contract';
import { reservesAtIntake, type RiskIntakeStatus } from '../money-flow/intake-status';
import type { Queryable } from '../../db/db';
import { conflictOn } from '../../core/app-error';
import type { TransitionResult } from '../../core/transitions';
import { accountKey, gatewayKey, platformKey } from '../../ledger/ledger-accounts';
import type { EntryDraft } from '../../ledger/postings';
import { reserveFunds } from '../../ledger/reservations';
import { applyRollups, splitFiguresOf } from '../../ledger/rollups';
import { splitDetails } from '../contracts/contract-rates';
import { findGatewayCodes } from '../gateways/gateways.service';
import {
  changeGatewayMoney,
  creationDeltas,
  type GatewayMoneyKind,
  gatewayWriter,
  type MoneyChange,
} from '../money-flow/money-writer';
import { priceNewMovements, type MovementToPrice } from '../contracts/pricing-context';
import { routingDecisionWrites } from '../routing/routing-decisions';
import { gatewayRouting, type OutcomeReader, type RoutedKind } from '../routing/routing-context';
import { tallyStatuses } from '../routing/gateway-counts';
import { runWrites, type Writes } from '../../db/writes';
import { repointGatewayMoney } from '../money-flow/gateway-repoint';
import { admitToGateways, findRoutingHeadroom } from './payout-headroom';
export { findGatewayPayoutFigures } from './payout-headroom';
import {
  findPayoutStatusCounts,
  insertPayouts,
  payoutsTable,
  type PayoutRecord,
} from './payouts.queries';

/** The payout reads the merchant API uses (the service is the module's door). */
export {
  findPayoutInScope,
  payoutCompletedAt,
  payoutList,
  type PayoutRecord,
} from './payouts.queries';

export interface NewPayout {
  id?: string;
  merchantId: string;
  orderId: string;
  currency: string;
  amount: bigint;
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  inHouse: boolean;
  notifyUrl?: string;
  createdAt: Date;
  /**
   * `pending_approval` for back-office requests, `processing` for the API (sent to the gateway
   * right away, or queued when its gateway's deposit cannot cover it); `held_for_review` or
   * `blocked` when risk controls decided so at intake.
   */
  status: 'requested' | 'pending_approval' | 'processing' | RiskIntakeStatus;
}

const total = (p: Pick<PayoutRecord, 'amount' | 'fee'>) => p.amount + p.fee;

/** Pay-outs per gateway in a window, counted by the pay-out kind's rule (`gatewayJudged`). */
export const payoutOutcomes: OutcomeReader = async (db, gatewayIds, since, until) =>
  tallyStatuses(PAYOUT_KIND, await findPayoutStatusCounts(db, gatewayIds, since, until));

/** Pay-outs as routing routes them: rated by their outcomes, weighed against each deposit. */
export const PAYOUT_ROUTED: RoutedKind = {
  direction: 'payout',
  kind: 'payout',
  outcomes: payoutOutcomes,
  headroom: findRoutingHeadroom,
};

/**
 * Prices new pay-outs (through a gateway unless in-house). `createPayouts` and the request
 * form's quote both price with it, so the fee quoted is the fee charged.
 */
export const pricePayouts = <T extends MovementToPrice & { inHouse: boolean }>(
  db: Queryable,
  items: readonly T[],
) => priceNewMovements(db, items, 'payout', (item) => !item.inHouse, gatewayRouting(PAYOUT_ROUTED));

/**
 * Creates pay-outs priced by the merchant's contract and reserves amount plus fee from its
 * pay-out balance in the same transaction; not enough balance is a conflict and creates nothing.
 */
export async function createPayouts(
  tx: Queryable,
  items: readonly NewPayout[],
  slot?: number,
): Promise<PayoutRecord[]> {
  if (!items.length) return [];
  const { priced, gatewayCodes: codes } = await pricePayouts(tx, items);
  const rows: PayoutRecord[] = priced.map(({ item, id, merchant, gateway, contract, split }) => {
    if (
      item.status !== PAYOUT_LIFECYCLE.initial &&
      !canTransition(PAYOUT_LIFECYCLE, PAYOUT_LIFECYCLE.initial, item.status)
    )
      throw new Error(`a pay-out cannot start as ${item.status}`);
    return {
      id,
      merchant_account_id: merchant.id,
      reseller_account_id: merchant.reseller_account_id,
      order_id: item.orderId,
      currency: item.currency,
      amount: item.amount,
      fee: split.fee,
      reseller_commission: split.resellerCommission,
      platform_profit: split.platformProfit,
      gateway_cost: split.gatewayCost,
      gateway_id: gateway?.id ?? null,
      contract_id: contract.id,
      is_in_house: item.inHouse,
      status: item.status,
      bank_name: item.bankName,
      account_number: item.accountNumber,
      account_holder: item.accountHolder,
      gateway_reference: '',
      notify_url: item.notifyUrl ?? '',
      created_at: item.createdAt,
      updated_at: item.createdAt,
      completed_at: null,
    };
  });
  await queueWhereGatewayCannotPay(tx, rows);
  const inserted = await insertPayouts(tx, rows);
  if (inserted.length !== rows.length)
    throw conflictOn('orderId', 'is already used by another pay-out of this merchant');
  await runWrites(tx, [
    routingDecisionWrites(
      'payout',
      priced.map((p) => ({
        id: p.id,
        merchantId: p.item.merchantId,
        gatewayId: p.gateway?.id ?? null,
        at: p.item.createdAt,
        route: p.route,
      })),
    ),
  ]);
  await reserveFunds(
    tx,
    rows.filter(reservesAtIntake).map((p) => ({
      ownerAccountId: p.merchant_account_id,
      refType: 'payout',
      refId: p.id,
      from: accountKey(p.merchant_account_id, p.currency, 'payout_available'),
      held: accountKey(p.merchant_account_id, p.currency, 'payout_reserved'),
      amount: total(p),
      contractId: p.contract_id,
      createdAt: p.created_at,
    })),
  );
  await applyRollups(tx, creationDeltas(gatewayWriter(PAYOUT_MONEY, codes), rows), slot);
  return rows;
}

/** What a pay-out's success takes from its gateway's deposit: its amount and the gateway's cost. */
export const gatewayNeed = (p: Pick<PayoutRecord, 'amount' | 'gateway_cost'>) =>
  p.amount + p.gateway_cost;

/**
 * New pay-outs that would go to their gateway now (`processing`) wait in `queued_for_gateway`
 * instead when the gateway's deposit, net of the pay-outs and refunds in flight there, does not
 * cover them (`admitToGateways`); the queue's release sends them once it does.
 */
async function queueWhereGatewayCannotPay(tx: Queryable, rows: PayoutRecord[]): Promise<void> {
  const going = rows.filter((r) => r.status === 'processing' && r.gateway_id !== null);
  const admitted = await admitToGateways(
    tx,
    going.map((r) => ({ gatewayId: r.gateway_id!, need: gatewayNeed(r) })),
  );
  going.forEach((r, i) => {
    if (!admitted[i]) r.status = PAYOUT_QUEUED_STATUS;
  });
}

/**
 * Changes that send pay-outs to their gateway (`processing`) become `queued_for_gateway` where
 * the gateway cannot pay them now (a queued pay-out it still cannot pay stays as it is); only
 * the changes their lifecycle allows claim the deposit.
 */
async function gateGatewayChanges(
  tx: Queryable,
  lockedRows: readonly PayoutRecord[],
  changes: readonly PayoutChange[],
): Promise<PayoutChange[]> {
  const byId = new Map(lockedRows.map((r) => [r.id, r]));
  const going = changes.filter((c) => {
    const row = byId.get(c.id);
    return (
      c.status === 'processing' &&
      row?.gateway_id &&
      canTransition(PAYOUT_LIFECYCLE, row.status, c.status, c.path)
    );
  });
  const admitted = await admitToGateways(
    tx,
    going.map((c) => {
      const row = byId.get(c.id)!;
      return { gatewayId: row.gateway_id!, need: gatewayNeed(row) };
    }),
  );
  const refused = new Set(going.filter((_, i) => !admitted[i]));
  return changes.map((c) => (refused.has(c) ? { ...c, status: PAYOUT_QUEUED_STATUS } : c));
}

export interface PayoutChange extends MoneyChange<PayoutStatus> {
  reference?: string;
  /** Why a pay-out was rejected (its reason code and the words the merchant reads). */
  reason?: PayoutRejectionReason;
}

/** A rejection's reason as the merchant's notification carries it (`reason_code`, `reason`). */
export interface PayoutRejectionReason {
  readonly code: string;
  readonly text: string;
}

/** Where a successful pay-out's held money goes: the beneficiary (via gateway or bank) and fees. */
function postEntries(p: PayoutRecord): EntryDraft[] {
  return [
    p.gateway_id
      ? { account: gatewayKey(p.gateway_id, p.currency), amount: p.amount + p.gateway_cost }
      : { account: platformKey(p.currency, 'bank'), amount: p.amount },
    { account: platformKey(p.currency, 'platform_fees'), amount: p.platform_profit },
    ...(p.reseller_account_id
      ? [
          {
            account: accountKey(p.reseller_account_id, p.currency, 'commission'),
            amount: p.reseller_commission,
          },
        ]
      : []),
  ];
}

/** How a pay-out moves (the shared writer of money through a gateway). */
const PAYOUT_MONEY: GatewayMoneyKind<
  PayoutStatus,
  PayoutRecord,
  PayoutChange,
  'gateway_reference'
> = {
  kind: 'payout',
  lifecycle: PAYOUT_LIFECYCLE,
  table: payoutsTable,
  values: (change) => ({ gateway_reference: change.reference }),
  split: splitFiguresOf,
  effects: (p, change) => {
    const notice = isFinalState(PAYOUT_LIFECYCLE, change.status)
      ? {
          type: 'payout',
          id: p.id,
          order_id: p.order_id,
          status: change.status,
          amount: formatAmount(p.amount, p.currency),
          currency: p.currency,
          reason_code: change.reason?.code ?? null,
          reason: change.reason?.text ?? null,
        }
      : undefined;
    if (change.status === 'success')
      return {
        resolution: {
          refId: p.id,
          outcome: 'posted',
          to: postEntries(p),
          contractId: p.contract_id,
          at: change.at,
          details: splitDetails({
            amount: p.amount,
            fee: p.fee,
            merchantNet: p.amount,
            resellerCommission: p.reseller_commission,
            platformProfit: p.platform_profit,
            gatewayCost: p.gateway_cost,
          }),
        },
        notice,
      };
    // A rejection gives the money back exactly as a failure does.
    if (change.status === 'failed' || change.status === 'rejected')
      return { resolution: { refId: p.id, outcome: 'voided', at: change.at }, notice };
    return { notice };
  },
};

/**
 * Moves pay-outs along their lifecycle: a success posts the reservation (beneficiary, fees),
 * a failure or a rejection voids it back to the pay-out balance; a final state queues the
 * merchant's notification (a rejection's with its `reason_code` and `reason`). Transitions the lifecycle does not allow are
 * skipped and reported with `applied: false`.
 */
export async function changePayouts(
  tx: Queryable,
  changes: readonly PayoutChange[],
  slot?: number,
): Promise<TransitionResult<PayoutStatus, PayoutRecord>[]> {
  if (!changes.length) return [];
  const lockedRows = await payoutsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  const gatewayIds = lockedRows.map((p) => p.gateway_id).filter((g): g is string => g !== null);
  const codes = await findGatewayCodes(tx, gatewayIds);
  const gated = await gateGatewayChanges(tx, lockedRows, changes);
  return changeGatewayMoney(tx, PAYOUT_MONEY, lockedRows, gated, codes, { slot });
}

/**
 * Moves a pay-out in flight that its gateway refused to another gateway (the fallback at
 * hand-over, `repointPayoutAfterRefusal`), in the caller's transaction with the row locked
 * (`repointGatewayMoney`: its gateway, cost and fee split as `moved` says, its rollups moved,
 * and `also`). Its reservation holds its amount and fee, neither of which moves.
 */
export const repointPayout = (
  tx: Queryable,
  row: PayoutRecord,
  moved: PayoutRecord,
  also: Writes,
) =>
  repointGatewayMoney(
    tx,
    PAYOUT_MONEY,
    { row, moved, priced: ['reseller_commission', 'platform_profit', 'gateway_cost'] },
    also,
  );
