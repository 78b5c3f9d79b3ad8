import type { TFunction } from 'i18next';
import type { MerchantStatementRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';

type Figure = Exclude<keyof MerchantStatementRow, 'currency'>;
const FIGURES: readonly [
  Figure,
  (
    | 'opening'
    | 'payins'
    | 'payouts'
    | 'settlements'
    | 'topUps'
    | 'refunds'
    | 'adjustments'
    | 'closing'
  ),
][] = [
  ['opening', 'opening'],
  ['payins', 'payins'],
  ['payouts', 'payouts'],
  ['settlements', 'settlements'],
  ['top_ups', 'topUps'],
  ['refunds', 'refunds'],
  ['adjustments', 'adjustments'],
  ['closing', 'closing'],
];

/** A merchant statement: currency, opening balance, what moved it by lifecycle, closing balance. */
export function statementColumns(t: TFunction): ListColumn<MerchantStatementRow>[] {
  return [
    column<MerchantStatementRow>(
      'currency',
      t('reportLedgers.columns.currency'),
      (r) => r.currency,
    ),
    ...FIGURES.map(([id, label]) =>
      moneyColumn<MerchantStatementRow>(
        id,
        t(`reportLedgers.columns.${label}`),
        (r) => r[id],
        (r) => r.currency,
      ),
    ),
  ];
}
