import { formatRate } from '@bo/contract';
import { useTranslation } from 'react-i18next';
import type { MoneyRequestQuote } from '@bo/contract';
import { moneyText } from '../../list/money-text';

/**
 * What a request will do before it is confirmed: the balance it draws from (or credits), the
 * fee, the total and what remains; for the USDT wallet the rate and the USDT it buys.
 */
export function QuoteSummary({ quote }: { quote: MoneyRequestQuote }) {
  const { t } = useTranslation();
  const rows: [string, string, string?][] = [
    [
      t(`money.request.balance.${quote.balance_purpose}`),
      moneyText(quote.available, quote.currency),
      'available',
    ],
    [t('money.request.amount'), moneyText(quote.amount, quote.currency), 'amount'],
    ...(quote.direction === 'debit'
      ? ([
          [t('money.request.fee'), moneyText(quote.fee, quote.currency), 'fee'],
          [t('money.request.total'), moneyText(quote.total, quote.currency), 'total'],
        ] as [string, string, string][])
      : []),
    [t('money.request.remaining'), moneyText(quote.remaining, quote.currency), 'remaining'],
    ...(quote.usdt_rate && quote.usdt_amount
      ? ([
          [t('money.request.usdtRate'), formatRate(quote.usdt_rate), 'usdt_rate'],
          [t('money.request.usdtAmount'), moneyText(quote.usdt_amount, 'USDT'), 'usdt_amount'],
        ] as [string, string, string][])
      : []),
  ];
  return (
    <>
      <dl className="mb-2" data-testid="quote">
        {rows.map(([label, value, key]) => (
          <div key={key} className="d-flex justify-content-between border-bottom py-1">
            <dt className="fw-normal text-muted">{label}</dt>
            <dd className={`mb-0 ${key === 'remaining' ? 'fw-semibold' : ''}`} data-quote={key}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {!quote.enough && (
        <div className="alert alert-danger py-2 small" data-testid="quote-not-enough">
          {t('money.request.notEnough')}
        </div>
      )}
    </>
  );
}
