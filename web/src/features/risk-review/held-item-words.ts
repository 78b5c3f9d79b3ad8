import type { TFunction } from 'i18next';
import {
  formatAmount,
  formatMoney,
  moneyKind,
  parseAmount,
  type HeldItemRow,
  type MoneyKindDef,
} from '@bo/contract';
import type { riskReview } from '../../i18n/locales/en/riskReview';

type Balance = keyof typeof riskReview.balance;

/** One held item in a sentence: "pay-out MER00001 · 1,000.00 THB". */
export function heldItemText(t: TFunction, row: HeldItemRow): string {
  return t('riskReview.item', {
    noun: t(`riskReview.noun.${row.kind}`),
    owner: row.merchant_db_code ?? row.reseller_db_code ?? '',
    amount: formatMoney(row.amount, row.currency),
    currency: row.currency,
  });
}

/** What approving these rows does: one item's words by its kind, several items' in general. */
export function approveEffect(t: TFunction, rows: readonly HeldItemRow[]): string {
  const [row] = rows;
  if (rows.length !== 1 || !row) return t('riskReview.approveMany');
  return t(`riskReview.approve.${row.kind}`, { item: heldItemText(t, row) });
}

/**
 * What declining these rows does: for one item, by which way its kind's money moves, the amount
 * and fee it holds going back to its owner's balance (a pay-out's to the merchant's pay-out
 * balance); several items' in general.
 */
export function declineEffect(t: TFunction, rows: readonly HeldItemRow[]): string {
  const [row] = rows;
  if (rows.length !== 1 || !row) return t('riskReview.declineMany');
  const kind: MoneyKindDef = moneyKind(row.kind);
  const minor = (text: string) => parseAmount(text, row.currency) ?? 0n;
  const total = formatAmount(minor(row.amount) + minor(row.fee), row.currency);
  return t(`riskReview.declineEffect.${kind.money.effect}`, {
    item: heldItemText(t, row),
    total: formatMoney(total, row.currency),
    currency: row.currency,
    owner: t(`riskReview.ownerType.${kind.owner}`),
    balance: t(`riskReview.balance.${kind.money.balance as Balance}`),
  });
}
