import type { TFunction } from 'i18next';
import {
  MERCHANT_STATEMENT_COLUMNS,
  MERCHANT_STATEMENT_MOVEMENTS,
  movementTotalOf,
  type MerchantStatementMovement,
  type MerchantStatementRow,
  type ReportPeriod,
} from '@bo/contract';
import type { en } from '../../i18n/locales/en';
import { column, type ListColumn } from '../../ui/list/columns';
import { figureColumn } from '../../ui/list/figure-column';
import { columnEntriesUrl, ledgerEntriesUrl } from '../../lib/ledger-entries-link';

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

/**
 * A merchant statement: currency, opening balance, what moved it by lifecycle, closing balance;
 * with the merchant and the report's period known, each figure opens the entries it is made of.
 */
export function statementColumns(
  t: TFunction,
  merchantId?: string,
  period?: ReportPeriod,
): ListColumn<MerchantStatementRow>[] {
  const hrefOf = (id: Figure) => (r: MerchantStatementRow) => {
    if (!merchantId || !period) return null;
    const filters = { ownerId: merchantId, currency: r.currency, period };
    return id === 'opening' || id === 'closing'
      ? ledgerEntriesUrl(filters)
      : columnEntriesUrl(MERCHANT_STATEMENT_COLUMNS, id as MerchantStatementMovement, filters);
  };
  return [
    column<MerchantStatementRow>(
      'currency',
      t('reportLedgers.columns.currency'),
      (r) => r.currency,
    ),
    ...FIGURES.map(([id, label]) => {
      const header = t(`reportLedgers.columns.${label}`);
      return figureColumn<MerchantStatementRow>(
        id,
        header,
        (r) => r[id],
        (r) => r.currency,
        hrefOf(id),
        t('reportLedgers.entries.open', { figure: header }),
        id === 'opening' || id === 'closing'
          ? id
          : movementTotalOf(MERCHANT_STATEMENT_COLUMNS, id as MerchantStatementMovement),
      );
    }),
  ];
}
