import { useTranslation } from 'react-i18next';
import { moneyText } from '../../ui/list/money-text';
import type { RefundQuote } from './api/quote-refund';

/** Whether a decimal amount text is zero ("0", "0.00"). */
const isZero = (amount: string) => /^0(\.0+)?$/.test(amount);

/** A refund's effect before it is confirmed: what is left to refund, the fee, the balance after. */
export function RefundQuoteSummary({ quote }: { quote: RefundQuote }) {
  const { t } = useTranslation();
  const money = (v: string) => moneyText(v, quote.currency);
  const rows: (readonly [string, string, string])[] = [
    ['refundable', t('refunds.quote.refundable'), money(quote.refundable)],
    ['amount', t('refunds.quote.amount'), money(quote.amount)],
    ['fee', t('refunds.quote.fee'), money(quote.fee)],
    ['total', t('refunds.quote.total'), money(quote.total)],
    ['available', t('refunds.quote.available'), money(quote.available)],
    ['remaining', t('refunds.quote.remaining'), money(quote.remaining)],
    ...(isZero(quote.fee_returned)
      ? []
      : [['fee_returned', t('refunds.quote.feeReturned'), money(quote.fee_returned)] as const]),
  ];
  return (
    <>
      <dl className="mb-2" data-testid="refund-quote">
        {rows.map(([key, label, value]) => (
          <div key={key} className="d-flex justify-content-between border-bottom py-1">
            <dt className="fw-normal text-muted">{label}</dt>
            <dd className={`mb-0 ${key === 'remaining' ? 'fw-semibold' : ''}`} data-quote={key}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {quote.needs_approval && (
        <div className="alert alert-info py-2 small" data-testid="refund-needs-approval">
          {t('refunds.quote.needsApproval')}
        </div>
      )}
      {!quote.enough && (
        <div className="alert alert-danger py-2 small" data-testid="refund-not-enough">
          {t('refunds.quote.notEnough')}
        </div>
      )}
    </>
  );
}
