import { formatRate } from '@bo/contract';
import { useTranslation } from 'react-i18next';
import type { MoneyRequestQuote } from '@bo/contract';
import { moneyText } from '../../list/money-text';
import { QuoteFigures, type QuoteLine } from './quote-figures';

/**
 * What a request will do before it is confirmed: the balance it draws from (or credits), the
 * fee, the total and what remains; for the USDT wallet the rate and the USDT it buys.
 */
export function QuoteSummary({ quote }: { quote: MoneyRequestQuote }) {
  const { t } = useTranslation();
  const money = (v: string) => moneyText(v, quote.currency);
  const lines: QuoteLine[] = [
    {
      key: 'available',
      label: t(`money.request.balance.${quote.balance_purpose}`),
      value: money(quote.available),
    },
    { key: 'amount', label: t('money.request.amount'), value: money(quote.amount) },
    ...(quote.direction === 'debit'
      ? [
          { key: 'fee', label: t('money.request.fee'), value: money(quote.fee) },
          { key: 'total', label: t('money.request.total'), value: money(quote.total) },
        ]
      : []),
    { key: 'remaining', label: t('money.request.remaining'), value: money(quote.remaining) },
    ...(quote.usdt_rate && quote.usdt_amount
      ? [
          {
            key: 'usdt_rate',
            label: t('money.request.usdtRate'),
            value: formatRate(quote.usdt_rate),
          },
          {
            key: 'usdt_amount',
            label: t('money.request.usdtAmount'),
            value: moneyText(quote.usdt_amount, 'USDT'),
          },
        ]
      : []),
  ];
  const notices = quote.enough
    ? []
    : [{ testId: 'quote-not-enough', tone: 'danger', text: t('money.request.notEnough') } as const];
  return <QuoteFigures testId="quote" lines={lines} notices={notices} />;
}
