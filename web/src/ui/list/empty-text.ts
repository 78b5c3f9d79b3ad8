import type { TFunction } from 'i18next';

/** A list whose first row comes from one action: its hint under `list.firstRow`. */
const HINTS: Readonly<Record<string, string>> = {
  payins: 'payins',
  payouts: 'payouts',
  'in-house-payouts': 'payouts',
  refunds: 'refunds',
  disputes: 'disputes',
  withdrawals: 'withdrawals',
  'withdrawal-history': 'withdrawals',
  settlements: 'settlements',
  'settlement-wallet': 'settlements',
  'top-ups': 'topUps',
  adjustments: 'adjustments',
  merchants: 'merchants',
  resellers: 'resellers',
  'sub-accounts': 'subAccounts',
  'payment-gateways': 'gateways',
  'support-requests': 'support',
  'recon-runs': 'reconciliation',
};

/** A queue's list (`<list>-pending`, `-processing`) holds what waits for a decision. */
const QUEUE = /-(pending|processing)$/;

/** The `list.firstRow` hint of a list: its own, a queue's, or the general one. */
export function emptyHintKey(listId: string): string {
  if (QUEUE.test(listId)) return 'queue';
  return HINTS[listId] ?? 'default';
}

/**
 * What an empty list says: with a filter set, that nothing matches it; with none, that there is
 * nothing yet and what makes the first row (a list never says "no match" to no filter).
 */
export function emptyTextOf(
  t: TFunction,
  listId: string,
  hasFilters: boolean,
): { title: string; hint?: string } {
  if (hasFilters) return { title: t('list.empty') };
  return {
    title: t('list.nothingYet'),
    hint: t(`list.firstRow.${emptyHintKey(listId)}` as 'list.firstRow.default'),
  };
}
