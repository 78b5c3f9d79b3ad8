import { formatAmount } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { ZoneDays } from '../../ledger/report-sources';
import { RESELLER_SETTLEMENT } from './balance-settlement-columns';
import { heldCurrencies, settlementFigures } from './balance-settlement-figures';

/** A reseller's commission in one currency, as its dashboard card and its detail show it. */
export interface ResellerCommission {
  readonly currency: string;
  /** The `commission` account: what it may withdraw (the earning statement's closing). */
  readonly available: string;
  /** `commission_reserved`: held for its pending withdrawals. */
  readonly reserved: string;
  /** available + reserved: the balance settlement report's closing. */
  readonly total: string;
  /** Its share of fees posted during the days, and what it withdrew (the report's columns). */
  readonly earned: string;
  readonly withdrawn: string;
}

/**
 * A reseller's commission per currency over whole days of a zone, from the same journal
 * figures as `/reseller-balance-settlement` (`settlementFigures`), so every screen that shows
 * it shows that report's figures.
 */
export async function resellerCommission(
  db: Queryable,
  reseller: { id: string; account_db_code: string; name: string },
  days: ZoneDays,
): Promise<ResellerCommission[]> {
  const pairs = await heldCurrencies(db, [reseller.id], RESELLER_SETTLEMENT.purposes, undefined);
  const tenants = new Map([[reseller.id, reseller]]);
  const figures = await settlementFigures(db, days, tenants, pairs, RESELLER_SETTLEMENT);
  return figures.map((f) => {
    const available = f.closingOf.get('commission') ?? 0n;
    const reserved = f.closingOf.get('commission_reserved') ?? 0n;
    const money = (v: bigint) => formatAmount(v, f.currency);
    return {
      currency: f.currency,
      available: money(available),
      reserved: money(reserved),
      total: money(available + reserved),
      earned: money(f.moved.earned),
      withdrawn: money(-f.moved.withdrawn),
    };
  });
}
