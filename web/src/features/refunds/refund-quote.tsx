import { useTranslation } from 'react-i18next';
import { moneyText } from '../../ui/list/money-text';
import {
  QuoteFigures,
  type QuoteLine,
  type QuoteNotice,
} from '../../ui/money/request/quote-figures';
import type { RefundQuote } from './api/quote-refund';

/** Whether a decimal amount text is zero ("0", "0.00"). */
const isZero = (amount: string) => /^0(\.0+)?$/.test(amount);

/** The refund quote's lines in the order the dialog shows them (the returned fee only when some is). */
const LINE_KEYS = ['refundable', 'amount', 'fee', 'total', 'available', 'remaining'] as const;

/** A refund's effect before it is confirmed: what is left to refund, the fee, the balance after. */
export function RefundQuoteSummary({ quote }: { quote: RefundQuote }) {
  const { t } = useTranslation();
  const money = (v: string) => moneyText(v, quote.currency);
  const lines: QuoteLine[] = LINE_KEYS.map((key) => ({
    key,
    label: t(`refunds.quote.${key}`),
    value: money(quote[key]),
  }));
  if (!isZero(quote.fee_returned)) {
    lines.push({
      key: 'fee_returned',
      label: t('refunds.quote.feeReturned'),
      value: money(quote.fee_returned),
    });
  }
  const notices: QuoteNotice[] = [];
  if (quote.needs_approval) {
    notices.push({
      testId: 'refund-needs-approval',
      tone: 'info',
      text: t('refunds.quote.needsApproval'),
    });
  }
  if (!quote.enough) {
    notices.push({
      testId: 'refund-not-enough',
      tone: 'danger',
      text: t('refunds.quote.notEnough'),
    });
  }
  return <QuoteFigures testId="refund-quote" lines={lines} notices={notices} />;
}
