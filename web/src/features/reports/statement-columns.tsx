import type { TFunction } from 'i18next';
import { MERCHANT_STATEMENT_MOVEMENTS, type MerchantStatementRow } from '@bo/contract';
import type { en } from '../../i18n/locales/en';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';

type Figure = Exclude<keyof MerchantStatementRow, 'currency'>;
type Label = keyof typeof en.reportLedgers.columns;

/** Each figure's header (`reportLedgers.columns`); the movements in the contract's order. */
const LABEL_OF: Readonly<Record<Figure, Label>> = {
  opening: 'opening',
  payins: 'payins',
  payouts: 'payouts',
  settlements: 'settlements',
  top_ups: 'topUps',
  refunds: 'refunds',
  disputes: 'disputes',
  adjustments: 'adjustments',
  closing: 'closing',
};
const FIGURES: readonly [Figure, Label][] = (
  ['opening', ...MERCHANT_STATEMENT_MOVEMENTS, 'closing'] as const
).map((figure) => [figure, LABEL_OF[figure]]);

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
