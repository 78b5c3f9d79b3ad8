import type { TFunction } from 'i18next';
import type { MerchantBalanceSettlementRow, ResellerBalanceSettlementRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import { moneyText } from '../../ui/list/money-text';
import type { en } from '../../i18n/locales/en';

type Key = keyof typeof en.reportBalances.columns;
type Figures = Record<string, string> & { currency: string };

const figure = <Row extends object>(id: string, header: string) =>
  moneyColumn<Row>(
    id,
    header,
    (r) => (r as unknown as Figures)[id],
    (r) => (r as unknown as Figures).currency,
  );

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

/** /merchant-balance-settlement: merchant, currency, opening, movements, reserved, closing, difference. */
export function merchantSettlementColumns(
  t: TFunction,
): ListColumn<MerchantBalanceSettlementRow>[] {
  const c = (key: Key) => t(`reportBalances.columns.${key}`);
  type R = MerchantBalanceSettlementRow;
  return [
    tenantColumn<R>('merchant_db_code', c('merchant'), 'merchant_db_code', 'merchant_name'),
    column<R>('currency', c('currency'), (r) => r.currency),
    figure<R>('opening', c('opening')),
    figure<R>('credited', c('credited')),
    figure<R>('settled_bank', c('settledBank')),
    figure<R>('settled_usdt', c('settledUsdt')),
    figure<R>('paid_out', c('paidOut')),
    figure<R>('topped_up', c('toppedUp')),
    figure<R>('refunded', c('refunded')),
    figure<R>('disputes_lost', c('disputesLost')),
    figure<R>('adjustments', c('adjustments')),
    figure<R>('reserved', c('reserved')),
    figure<R>('disputes_held', c('disputesHeld')),
    figure<R>('closing', c('closing')),
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
): ListColumn<ResellerBalanceSettlementRow>[] {
  const c = (key: Key) => t(`reportBalances.columns.${key}`);
  type R = ResellerBalanceSettlementRow;
  return [
    tenantColumn<R>('reseller_db_code', c('reseller'), 'reseller_db_code', 'reseller_name'),
    column<R>('currency', c('currency'), (r) => r.currency),
    figure<R>('opening', c('openingCommission')),
    figure<R>('earned', c('earned')),
    figure<R>('withdrawn', c('withdrawn')),
    figure<R>('available', c('availableCommission')),
    figure<R>('reserved', c('reservedWithdrawals')),
    figure<R>('closing', c('closingTotal')),
    differenceColumn<R>(c('difference')),
  ];
}
