import type { Queryable } from '../db/db';
import { findBalancesByPurpose } from '../modules/balances/balances.service';
import { priceSettlements, type NewSettlement } from '../modules/settlements/settlements.service';

/** Each merchant's available balance in each currency, by `merchantId:currency`. */
export async function availableBalances(tx: Queryable): Promise<Map<string, bigint>> {
  const rows = await findBalancesByPurpose(tx, 'available');
  return new Map(rows.map((r) => [`${r.owner_id}:${r.currency}`, r.balance]));
}

/**
 * The demo's settlement requests cut to what each merchant's available balance pays for with
 * its fee: an item that fits is kept as it is; one that does not asks for the most the balance
 * pays with its own fee (`largestFitting`); one the balance pays nothing of is dropped. A day's
 * refunds can leave less than the share of its pay-ins the history settles (the first day of a
 * history, above all), and a merchant settling everything leaves nothing behind.
 */
export async function fitSettlements<T extends NewSettlement>(
  tx: Queryable,
  items: readonly T[],
  available: ReadonlyMap<string, bigint>,
): Promise<T[]> {
  const balanceOf = (item: T) => available.get(`${item.merchantId}:${item.currency}`) ?? 0n;
  const payable = items.filter((item) => item.amount > 0n && balanceOf(item) > 0n);
  const priced = await priceSettlements(tx, payable);
  const fitting: T[] = [];
  for (const { item, split } of priced) {
    const balance = balanceOf(item);
    const amount =
      item.amount + split.fee <= balance ? item.amount : await largestFitting(tx, item, balance);
    if (amount > 0n) fitting.push({ ...item, amount });
  }
  return fitting;
}

/**
 * The largest amount that, with its fee, `balance` pays for. The fee only grows with the
 * amount, so the balance less the fee of the whole balance fits: the search runs from there to
 * the balance, about as many steps as the fee has bits.
 */
async function largestFitting<T extends NewSettlement>(
  tx: Queryable,
  item: T,
  balance: bigint,
): Promise<bigint> {
  const feeOf = async (amount: bigint) =>
    (await priceSettlements(tx, [{ ...item, amount }]))[0]?.split.fee ?? 0n;
  let fits = balance - (await feeOf(balance));
  let tooMuch = balance + 1n;
  while (tooMuch - fits > 1n) {
    const middle = (fits + tooMuch) / 2n;
    if (middle + (await feeOf(middle)) <= balance) fits = middle;
    else tooMuch = middle;
  }
  return fits;
}
