import type { TFunction } from 'i18next';
import {
  MERCHANT_SETTLEMENT_COLUMNS,
  RESELLER_SETTLEMENT_COLUMNS,
  movementTotalOf,
  type EntryPurpose,
  type MerchantBalanceSettlementRow,
  type MerchantSettlementMovement,
  type MovementColumns,
  type ReportPeriod,
  type ResellerBalanceSettlementRow,
  type ResellerSettlementMovement,
} from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import { moneyText } from '../../ui/list/money-text';
import type { en } from '../../i18n/locales/en';
import { figureColumn } from '../../ui/list/figure-column';
import { columnEntriesUrl, ledgerEntriesUrl } from '../../lib/ledger-entries-link';

type Key = keyof typeof en.reportBalances.columns;
type Figures = Record<string, string> & { currency: string };

/** Which entries a figure is made of: a movement column's kinds, or a balance's accounts. */
type EntriesOf<C extends string> = { kindsOf: C } | { purposes?: readonly EntryPurpose[] };

/**
 * A figure of a balance settlement row, linked to the entries that make it when the report's
 * period is known and the row names its owner (`ownerKey`; totals rows do not).
 */
function settlementFigure<Row extends object, C extends string>(
  t: TFunction,
  id: string,
  header: string,
  period: ReportPeriod | undefined,
  ownerKey: string,
  movements: MovementColumns<C>,
  entries: EntriesOf<C>,
) {
  const figures = (r: Row) => r as unknown as Figures;
  return figureColumn<Row>(
    id,
    header,
    (r) => figures(r)[id],
    (r) => figures(r).currency,
    (r) => {
      const ownerId = figures(r)[ownerKey];
      if (!period || !ownerId) return null;
      const common = { ownerId, currency: figures(r).currency, period };
      return 'kindsOf' in entries
        ? columnEntriesUrl(movements, entries.kindsOf, common)
        : ledgerEntriesUrl({ ...common, purposes: entries.purposes });
    },
    t('reportLedgers.entries.open', { figure: header }),
    // A movement is its kinds' net (negated for money that left); a balance is its accounts'
    // closing, the opening's too (its entries over the period start from it).
    'kindsOf' in entries
      ? movementTotalOf(movements, entries.kindsOf)
      : id === 'opening'
        ? 'opening'
        : 'closing',
  );
}

/** The difference: zero when the books agree; anything else stands out in red. */
const differenceColumn = <Row extends object>(header: string) =>
  column<Row>(
    'difference',
    header,
    (r) => {
      const row = r as unknown as Figures;
      const agreed = /^-?0(\.0*)?$/.test(row.difference ?? '0');
      return (
        <bdi className={agreed ? undefined : 'text-danger fw-semibold'} data-testid="difference">
          {moneyText(row.difference, row.currency)}
        </bdi>
      );
    },
    { headerClassName: 'text-end', cellClassName: 'text-end text-nowrap' },
  );

const tenantColumn = <Row extends object>(id: string, header: string, code: string, name: string) =>
  column<Row>(id, header, (r) => {
    const row = r as unknown as Figures;
    return (
      <span className="text-nowrap">
        <bdi>{row[code]}</bdi> <span className="text-muted">{row[name]}</span>
      </span>
    );
  });

/**
 * /merchant-balance-settlement: merchant, currency, opening, movements, reserved, closing,
 * difference; each figure of a merchant's row opens its entries over the report's `period`.
 */
export function merchantSettlementColumns(
  t: TFunction,
  period?: ReportPeriod,
): ListColumn<MerchantBalanceSettlementRow>[] {
  const c = (key: Key) => t(`reportBalances.columns.${key}`);
  type R = MerchantBalanceSettlementRow;
  const figure = (id: string, key: Key, entries: EntriesOf<MerchantSettlementMovement>) =>
    settlementFigure<R, MerchantSettlementMovement>(
      t,
      id,
      c(key),
      period,
      'merchant_id',
      MERCHANT_SETTLEMENT_COLUMNS,
      entries,
    );
  const moved = (id: MerchantSettlementMovement, key: Key) => figure(id, key, { kindsOf: id });
  return [
    tenantColumn<R>('merchant_db_code', c('merchant'), 'merchant_db_code', 'merchant_name'),
    column<R>('currency', c('currency'), (r) => r.currency),
    figure('opening', 'opening', {}),
    moved('credited', 'credited'),
    moved('settled_bank', 'settledBank'),
    moved('settled_usdt', 'settledUsdt'),
    moved('paid_out', 'paidOut'),
    moved('topped_up', 'toppedUp'),
    moved('refunded', 'refunded'),
    moved('disputes_lost', 'disputesLost'),
    moved('adjustments', 'adjustments'),
    figure('reserved', 'reserved', { purposes: ['reserved', 'payout_reserved'] }),
    figure('disputes_held', 'disputesHeld', { purposes: ['disputed'] }),
    figure('closing', 'closing', {}),
    differenceColumn<R>(c('difference')),
  ];
}

/**
 * /reseller-balance-settlement: reseller, currency, opening, earned, withdrawn, then the closing
 * in its parts: available (the earning statement's closing), reserved for pending withdrawals,
 * and their total; the difference.
 */
export function resellerSettlementColumns(
  t: TFunction,
  period?: ReportPeriod,
): ListColumn<ResellerBalanceSettlementRow>[] {
  const c = (key: Key) => t(`reportBalances.columns.${key}`);
  type R = ResellerBalanceSettlementRow;
  const figure = (id: string, key: Key, entries: EntriesOf<ResellerSettlementMovement>) =>
    settlementFigure<R, ResellerSettlementMovement>(
      t,
      id,
      c(key),
      period,
      'reseller_id',
      RESELLER_SETTLEMENT_COLUMNS,
      entries,
    );
  return [
    tenantColumn<R>('reseller_db_code', c('reseller'), 'reseller_db_code', 'reseller_name'),
    column<R>('currency', c('currency'), (r) => r.currency),
    figure('opening', 'openingCommission', {}),
    figure('earned', 'earned', { kindsOf: 'earned' }),
    figure('withdrawn', 'withdrawn', { kindsOf: 'withdrawn' }),
    figure('available', 'availableCommission', { purposes: ['commission'] }),
    figure('reserved', 'reservedWithdrawals', { purposes: ['commission_reserved'] }),
    figure('closing', 'closingTotal', {}),
    differenceColumn<R>(c('difference')),
  ];
}
