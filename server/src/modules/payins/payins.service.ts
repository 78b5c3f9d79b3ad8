import { formatAmount, isFinalState, PAYIN_LIFECYCLE, type PayinStatus } from '@bo/contract';
import { violatesConstraint, type Queryable } from '../../db/db';
import { conflictOn } from '../../core/app-error';
import type { RiskIntakeStatus } from '../money-flow/intake-status';
import type { TransitionResult } from '../../core/transitions';
import { accountKey, gatewayKey, platformKey } from '../../ledger/ledger-accounts';
import type { JournalDraft } from '../../ledger/postings';
import { rollupWrites, splitFiguresOf } from '../../ledger/rollups';
import { runWrites, type Writes } from '../../db/writes';
import { repointGatewayMoney } from '../money-flow/gateway-repoint';
import {
  changeGatewayMoney,
  creationDeltas,
  type GatewayMoneyKind,
  gatewayWriter,
  type MoneyChange,
} from '../money-flow/money-writer';
import { splitDetails } from '../contracts/contract-rates';
import { findGatewayCodes } from '../gateways/gateways.service';
import { priceNewMovements } from '../contracts/pricing-context';
import { routingDecisionWrites } from '../routing/routing-decisions';
import { gatewayRouting, payinOutcomes, type RoutedKind } from '../routing/routing-context';
import {
  lockPayins,
  PAYIN_ORDER_ID_CONSTRAINT,
  payinsTable,
  type PayinRecord,
} from './payins.queries';

/** The pay-in reads other modules and the merchant API use (the service is the module's door). */
export {
  findPayinByOrderId,
  findPayinInScope,
  lockPayins,
  PAYIN_AFTER_CARE_COLUMNS,
  payinList,
  payinsTable,
  type PayinRecord,
  type PayinWithAfterCare,
} from './payins.queries';

export const PAYIN_TTL_MS = 30 * 60_000;

export interface NewPayin {
  id?: string;
  merchantId: string;
  orderId: string;
  currency: string;
  amount: bigint;
  notifyUrl?: string;
  createdAt: Date;
  /** How long the payer has (the demo's waiting pay-ins get longer); PAYIN_TTL_MS by default. */
  ttlMs?: number;
  /** What risk controls made of it at intake, when they held or blocked it; else `created`. */
  status?: RiskIntakeStatus;
}

/** What routing reads of pay-ins (issue 43): their direction, rule kind and success rates. */
export const PAYIN_ROUTED: RoutedKind = {
  direction: 'payin',
  kind: 'payin',
  outcomes: payinOutcomes,
};

/** How `createPayins` and `changePayins` write. */
export interface PayinWriteOptions {
  /** The rollup slot (the demo seed uses 0; random otherwise). */
  readonly slot?: number;
  /**
   * The caller's own writes, sent in the same statement as the pay-ins' (the merchant API's
   * idempotency records): given the results, they may not touch the rows written here.
   */
  readonly also?: (results: readonly PayinChangeResult[]) => Writes | null;
}

/**
 * Creates pay-ins in state `created`, priced by the merchant's contract at creation (the
 * version and split are recorded on the row), with their rollups, in one statement. A reused
 * order id is a conflict and creates nothing.
 */
export async function createPayins(
  tx: Queryable,
  items: readonly NewPayin[],
  options: PayinWriteOptions = {},
): Promise<PayinRecord[]> {
  if (!items.length) return [];
  const { priced, gatewayCodes: codes } = await priceNewMovements(
    tx,
    items,
    'payin',
    () => true,
    gatewayRouting(PAYIN_ROUTED),
  );
  const rows: PayinRecord[] = priced.map(({ item, id, merchant, gateway, contract, split }) => {
    return {
      id,
      merchant_account_id: merchant.id,
      reseller_account_id: merchant.reseller_account_id,
      order_id: item.orderId,
      currency: item.currency,
      amount: item.amount,
      fee: split.fee,
      net_amount: split.merchantNet,
      reseller_commission: split.resellerCommission,
      platform_profit: split.platformProfit,
      gateway_cost: split.gatewayCost,
      gateway_id: gateway!.id,
      contract_id: contract.id,
      status: item.status ?? PAYIN_LIFECYCLE.initial,
      gateway_reference: '',
      payment_url: '',
      notify_url: item.notifyUrl ?? '',
      created_at: item.createdAt,
      updated_at: item.createdAt,
      expires_at: new Date(item.createdAt.getTime() + (item.ttlMs ?? PAYIN_TTL_MS)),
      completed_at: null,
      refunded_amount: 0n,
    };
  });
  const created = rows.map((p) => ({
    id: p.id,
    applied: true,
    from: null,
    status: p.status,
    record: p,
  }));
  try {
    await runWrites(tx, [
      options.also?.(created),
      payinsTable.insertWrites(rows),
      routingDecisionWrites(
        'payin',
        priced.map((p) => ({
          id: p.id,
          merchantId: p.item.merchantId,
          gatewayId: p.gateway?.id ?? null,
          at: p.item.createdAt,
          route: p.route,
        })),
      ),
      rollupWrites(creationDeltas(gatewayWriter(PAYIN_MONEY, codes), rows), options.slot),
    ]);
  } catch (error) {
    if (violatesConstraint(error, PAYIN_ORDER_ID_CONSTRAINT))
      throw conflictOn('orderId', 'is already used by another pay-in of this merchant');
    throw error;
  }
  return rows;
}

/**
 * Points a pay-in its gateway refused at hand-over at another (`moved`: its new gateway and
 * fee split, re-priced), in the caller's transaction with the row locked and still `created`
 * on its first gateway (`repointGatewayMoney`: the row, its rollups moved, and `also`).
 */
export const repointPayin = (tx: Queryable, row: PayinRecord, moved: PayinRecord, also: Writes) =>
  repointGatewayMoney(
    tx,
    PAYIN_MONEY,
    {
      row,
      moved,
      priced: ['fee', 'net_amount', 'reseller_commission', 'platform_profit', 'gateway_cost'],
    },
    also,
  );

/** A pay-in's next state, as a gateway (or the expiry sweep, or the hosted page) reports it. */
export interface PayinChange extends MoneyChange<PayinStatus> {
  reference?: string;
  paymentUrl?: string;
}

export type PayinChangeResult = TransitionResult<PayinStatus, PayinRecord>;

/**
 * Moves pay-ins along their lifecycle in one transaction: state, journal (a success credits
 * the merchant net of fees, the reseller its commission and the platform its profit against
 * the gateway's clearing account), rollups and the merchant's notification. A transition the
 * lifecycle does not allow is not applied and is reported with `applied: false`.
 */
export async function changePayins(
  tx: Queryable,
  changes: readonly PayinChange[],
  options: PayinWriteOptions = {},
): Promise<PayinChangeResult[]> {
  if (!changes.length) return [];
  const locked = await lockPayins(
    tx,
    changes.map((c) => c.id),
  );
  return changeLockedPayins(tx, locked, changes, options);
}

/** How a pay-in moves, for the shared lifecycle writer: a success posts its split, final states notify. */
const PAYIN_MONEY: GatewayMoneyKind<
  PayinStatus,
  PayinRecord,
  PayinChange,
  'gateway_reference' | 'payment_url'
> = {
  kind: 'payin',
  lifecycle: PAYIN_LIFECYCLE,
  table: payinsTable,
  stampsFinal: (status) => status === 'expired',
  values: (change) => ({ gateway_reference: change.reference, payment_url: change.paymentUrl }),
  split: splitFiguresOf,
  effects: (p, change) => {
    // Its result, once it has one: final (a review's decline too), or expired.
    if (!isFinalState(PAYIN_LIFECYCLE, change.status) && change.status !== 'expired') return {};
    const notice = {
      type: 'payin',
      id: p.id,
      order_id: p.order_id,
      status: change.status,
      amount: formatAmount(p.amount, p.currency),
      currency: p.currency,
    };
    if (change.status === 'success') return { journals: [successJournal(p, change.at)], notice };
    return { notice };
  },
};

/**
 * What `changePayins` does once the caller has locked the pay-ins (`lockPayins`) in `tx`, or
 * with rows the caller believes current without a lock: each state update applies only from
 * the status it was judged on, and a pay-in found in another one fails the whole write with
 * `UnexpectedRows` (the caller's transaction then rolls back).
 */
export async function changeLockedPayins(
  tx: Queryable,
  lockedRows: readonly PayinRecord[],
  changes: readonly PayinChange[],
  options: PayinWriteOptions = {},
): Promise<PayinChangeResult[]> {
  if (!changes.length) return [];
  const codes = await findGatewayCodes(
    tx,
    lockedRows.map((p) => p.gateway_id),
  );
  return changeGatewayMoney(tx, PAYIN_MONEY, lockedRows, changes, codes, options);
}

function successJournal(p: PayinRecord, at: Date): JournalDraft {
  return {
    ownerAccountId: p.merchant_account_id,
    kind: 'payin.success',
    refType: 'payin',
    refId: p.id,
    contractId: p.contract_id,
    createdAt: at,
    details: splitDetails({
      amount: p.amount,
      fee: p.fee,
      merchantNet: p.net_amount,
      resellerCommission: p.reseller_commission,
      platformProfit: p.platform_profit,
      gatewayCost: p.gateway_cost,
    }),
    entries: [
      { account: gatewayKey(p.gateway_id, p.currency), amount: -(p.amount - p.gateway_cost) },
      { account: platformKey(p.currency, 'platform_fees'), amount: p.platform_profit },
      ...(p.reseller_account_id
        ? [
            {
              account: accountKey(p.reseller_account_id, p.currency, 'commission'),
              amount: p.reseller_commission,
            },
          ]
        : []),
      { account: accountKey(p.merchant_account_id, p.currency, 'available'), amount: p.net_amount },
    ],
  };
}
