import type { TFunction } from 'i18next';

/**
 * A list whose first row comes from one action has its hint under `list.firstRow`, named by the
 * list's id in camel case (`top-ups` → `topUps`), so a new kind's list needs no entry here;
 * these lists share another list's hint.
 */
const SHARED_HINTS: Readonly<Record<string, string>> = {
  'in-house-payouts': 'payouts',
  'withdrawal-history': 'withdrawals',
  'settlement-wallet': 'settlements',
  'payment-gateways': 'gateways',
  'support-requests': 'support',
  'recon-runs': 'reconciliation',
};

const camelOf = (id: string) =>
  id.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A queue's list (`<list>-pending`, `-processing`) holds what waits for a decision. */
const QUEUE = /-(pending|processing)$/;

/**
 * The `list.firstRow` hint of a list: a queue's, one it shares, else its own (shown only when
 * the words have it: `emptyTextOf` falls back to the general one).
 */
export function emptyHintKey(listId: string): string {
  if (QUEUE.test(listId)) return 'queue';
  return SHARED_HINTS[listId] ?? camelOf(listId);
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
    hint: t([
      `list.firstRow.${emptyHintKey(listId)}` as 'list.firstRow.default',
      'list.firstRow.default',
    ]),
  };
}
