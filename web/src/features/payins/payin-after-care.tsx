import { useTranslation } from 'react-i18next';
import { payinAfterCare, type PayinRow } from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';

type AfterCareRow = Pick<PayinRow, 'amount' | 'refunded_amount' | 'currency' | 'disputed'>;

/**
 * A pay-in's refunds and open dispute as badges beside its status ("Partially refunded",
 * "Refunded", "Disputed"); nothing for a pay-in neither touched. Its status stays as it is.
 */
export function PayinAfterCareBadges({ row }: { row: AfterCareRow }) {
  const { t } = useTranslation();
  const care = payinAfterCare(row);
  return (
    <>
      {care.refund !== 'none' && (
        <span
          className="badge bg-secondary-subtle text-secondary-emphasis ms-1"
          data-testid="payin-refund-state"
          data-state={care.refund}
        >
          {t(`money.afterCare.${care.refund}`)}
        </span>
      )}
      {care.disputed && (
        <span
          className="badge bg-danger-subtle text-danger-emphasis ms-1"
          data-testid="payin-disputed"
        >
          {t('money.afterCare.disputed')}
        </span>
      )}
    </>
  );
}

/**
 * The top of a pay-in's detail when refunds or a dispute touched it: the badges and how much of
 * it was refunded ("100.03 of 10,000.03 THB refunded").
 */
export function PayinAfterCareSummary({ row }: { row: AfterCareRow }) {
  const { t } = useTranslation();
  const care = payinAfterCare(row);
  if (care.refund === 'none' && !care.disputed) return null;
  return (
    <p className="small mb-2" data-testid="payin-after-care">
      <PayinAfterCareBadges row={row} />
      {care.refund !== 'none' && (
        <span className="ms-2">
          {t('money.afterCare.refundedOf', {
            refunded: moneyText(row.refunded_amount, row.currency),
            amount: moneyText(row.amount, row.currency),
          })}
        </span>
      )}
    </p>
  );
}
