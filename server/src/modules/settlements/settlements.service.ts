import { currencyInfo, SETTLEMENT_LIFECYCLE, type SettlementStatus } from '@bo/contract';
import { reservesAtIntake, type RiskIntakeStatus } from '../money-flow/intake-status';
import type { Queryable } from '../../db/db';
import { badInput } from '../../core/app-error';
import type { TransitionResult } from '../../core/transitions';
import { accountKey, platformKey } from '../../ledger/ledger-accounts';
import type { EntryDraft } from '../../ledger/postings';
import { reserveFunds } from '../../ledger/reservations';
import { applyRollups, splitFiguresOf } from '../../ledger/rollups';
import { splitDetails } from '../contracts/contract-rates';
import {
  priceNewMovements,
  type MovementToPrice,
  type PricedMovement,
} from '../contracts/pricing-context';
import {
  changeMoney,
  creationDeltas,
  type MoneyChange,
  type MoneyKindWriter,
} from '../money-flow/money-writer';
import { findUsdtRate, settlementsTable, type SettlementRecord } from './settlements.queries';

/** The list reads the money detail uses (the service is the module's door). */
export { settlementList, settlementsTo } from './settlements.queries';

export interface NewSettlement {
  id?: string;
  merchantId: string;
  destination: 'bank' | 'usdt_wallet';
  currency: string;
  amount: bigint;
  bankName?: string;
  accountNumber?: string;
  accountHolder?: string;
  createdAt: Date;
  /** What risk controls decided at intake, when they held or blocked it; else `pending`. */
  status?: RiskIntakeStatus;
}

const USDT_SCALE = 10n ** BigInt(currencyInfo('USDT').scale);

/** USDT minor units for `amount` fiat minor units at `rateE8` fiat per USDT, rounded down. */
export function usdtFor(amount: bigint, currency: string, rateE8: bigint): bigint {
  const fiatScale = 10n ** BigInt(currencyInfo(currency).scale);
  return (amount * USDT_SCALE * 100_000_000n) / (rateE8 * fiatScale);
}

const kindOf = (s: Pick<SettlementRecord, 'destination'>) =>
  s.destination === 'bank' ? ('settlement' as const) : ('settlement_wallet' as const);

/** A new settlement priced: its fee split and, to the USDT wallet, the rate and the USDT due. */
export type PricedSettlement<T extends MovementToPrice> = PricedMovement<T> & {
  usdtRateE8: bigint | null;
  usdtAmount: bigint | null;
};

/**
 * Prices new settlements: the contract's fee and, for the USDT wallet, the currency's current
 * rate and the USDT the amount buys. `requestSettlements` and the request form's quote both
 * price with it, so the quote shows what the request will record.
 */
export async function priceSettlements<
  T extends MovementToPrice & { destination: 'bank' | 'usdt_wallet' },
>(db: Queryable, items: readonly T[]): Promise<PricedSettlement<T>[]> {
  const { priced } = await priceNewMovements(db, items, 'settlement', () => false);
  const rates = new Map<string, bigint | null>();
  const result: PricedSettlement<T>[] = [];
  for (const p of priced) {
    const { item } = p;
    let rate: bigint | null = null;
    let usdt: bigint | null = null;
    if (item.destination === 'usdt_wallet') {
      if (!rates.has(item.currency))
        rates.set(item.currency, await findUsdtRate(db, item.currency));
      rate = rates.get(item.currency) ?? null;
      if (!rate) throw badInput(`currency: there is no USDT rate for ${item.currency}`);
      usdt = usdtFor(item.amount, item.currency, rate);
      if (usdt <= 0n) throw badInput('amount is too small to buy any USDT');
    }
    result.push({ ...p, usdtRateE8: rate, usdtAmount: usdt });
  }
  return result;
}

/**
 * Records settlement requests and reserves amount plus fee from the merchant's available
 * balance; a USDT-wallet settlement records the currency's current rate and the USDT due.
 */
export async function requestSettlements(
  tx: Queryable,
  items: readonly NewSettlement[],
  slot?: number,
): Promise<SettlementRecord[]> {
  if (!items.length) return [];
  const rows: SettlementRecord[] = [];
  const priced = await priceSettlements(tx, items);
  for (const {
    item,
    id,
    merchant,
    contract,
    split,
    usdtRateE8: rate,
    usdtAmount: usdt,
  } of priced) {
    rows.push({
      id,
      merchant_account_id: merchant.id,
      reseller_account_id: merchant.reseller_account_id,
      destination: item.destination,
      currency: item.currency,
      amount: item.amount,
      fee: split.fee,
      reseller_commission: split.resellerCommission,
      platform_profit: split.platformProfit,
      contract_id: contract.id,
      usdt_rate_e8: rate,
      usdt_amount: usdt,
      status: item.status ?? SETTLEMENT_LIFECYCLE.initial,
      bank_name: item.bankName ?? '',
      account_number: item.accountNumber ?? '',
      account_holder: item.accountHolder ?? '',
      created_at: item.createdAt,
      updated_at: item.createdAt,
      decided_at: null,
      completed_at: null,
    });
  }
  await settlementsTable.insert(tx, rows);
  await reserveFunds(
    tx,
    rows.filter(reservesAtIntake).map((s) => ({
      ownerAccountId: s.merchant_account_id,
      refType: kindOf(s),
      refId: s.id,
      from: accountKey(s.merchant_account_id, s.currency, 'available'),
      held: accountKey(s.merchant_account_id, s.currency, 'reserved'),
      amount: s.amount + s.fee,
      contractId: s.contract_id,
      createdAt: s.created_at,
    })),
  );
  await applyRollups(tx, creationDeltas(SETTLEMENT_MONEY, rows), slot);
  return rows;
}

/** Where a completed settlement's held money goes: the bank (or USDT bought for the wallet) and fees. */
function postEntries(s: SettlementRecord): EntryDraft[] {
  const fees: EntryDraft[] = [
    { account: platformKey(s.currency, 'platform_fees'), amount: s.platform_profit },
    ...(s.reseller_account_id
      ? [
          {
            account: accountKey(s.reseller_account_id, s.currency, 'commission'),
            amount: s.reseller_commission,
          },
        ]
      : []),
  ];
  if (s.destination === 'bank')
    return [{ account: platformKey(s.currency, 'bank'), amount: s.amount }, ...fees];
  return [
    { account: platformKey(s.currency, 'fx_pool'), amount: s.amount },
    ...fees,
    { account: platformKey('USDT', 'fx_pool'), amount: -s.usdt_amount! },
    { account: accountKey(s.merchant_account_id, 'USDT', 'usdt_wallet'), amount: s.usdt_amount! },
  ];
}

/**
 * How a settlement moves: approval changes no money, completion posts the reservation (the fee
 * split and, to a wallet, the USDT paid), rejection voids it back to the available balance.
 */
const SETTLEMENT_MONEY: MoneyKindWriter<
  SettlementStatus,
  SettlementRecord,
  MoneyChange<SettlementStatus>,
  keyof SettlementRecord
> = {
  kind: 'settlement',
  rollupKind: kindOf,
  lifecycle: SETTLEMENT_LIFECYCLE,
  table: settlementsTable,
  owner: (s) => s.merchant_account_id,
  stampsDecided: (status) => status !== 'completed',
  rollupFee: (s) => s.fee,
  split: splitFiguresOf,
  effects: (s, change) => {
    if (change.status === 'completed')
      return {
        resolution: {
          refId: s.id,
          outcome: 'posted',
          to: postEntries(s),
          contractId: s.contract_id,
          at: change.at,
          details: {
            ...splitDetails({
              amount: s.amount,
              fee: s.fee,
              merchantNet: s.amount,
              resellerCommission: s.reseller_commission,
              platformProfit: s.platform_profit,
              gatewayCost: 0n,
            }),
            usdt_rate_e8: s.usdt_rate_e8?.toString() ?? null,
            usdt_amount: s.usdt_amount?.toString() ?? null,
          },
        },
      };
    if (change.status === 'rejected')
      return { resolution: { refId: s.id, outcome: 'voided', at: change.at } };
    return {};
  },
};

/**
 * Moves settlements along their lifecycle: approval changes no money, completion posts the
 * reservation, rejection voids it back to the available balance.
 */
export async function changeSettlements(
  tx: Queryable,
  changes: readonly MoneyChange<SettlementStatus>[],
  slot?: number,
): Promise<TransitionResult<SettlementStatus, SettlementRecord>[]> {
  if (!changes.length) return [];
  const lockedRows = await settlementsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  return changeMoney(tx, SETTLEMENT_MONEY, lockedRows, changes, { slot });
}
