import { useTranslation } from 'react-i18next';
import type { CallResponse, getReconRun } from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';

type Currency = CallResponse<typeof getReconRun>['currencies'][number];

/**
 * One currency of a run: each class's count and sums, statement side beside ours, and the
 * check that the statement total is matched + the differences.
 */
export function ReconCurrencySummary({ summary }: { summary: Currency }) {
  const { t } = useTranslation();
  const c = summary.currency;
  const num = 'text-end text-nowrap';
  return (
    <div className="table-responsive" tabIndex={0} data-testid="recon-summary" data-currency={c}>
      <table className="table table-sm align-middle mb-2">
        <caption className="caption-top">
          {t('reconciliation.run.summaryCaption', { currency: c })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('reconciliation.column.class')}</th>
            <th scope="col" className="text-end">
              {t('reconciliation.run.count')}
            </th>
            <th scope="col" className="text-end">
              {t('reconciliation.column.amount')}
            </th>
            <th scope="col" className="text-end">
              {t('reconciliation.column.ourAmount')}
            </th>
            <th scope="col" className="text-end">
              {t('reconciliation.column.fee')}
            </th>
            <th scope="col" className="text-end">
              {t('reconciliation.column.ourFee')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.classes.map((k) => (
            <tr key={k.class} data-testid="recon-summary-class" data-class={k.class}>
              <th scope="row" className="fw-normal">
                {t(`reconciliation.class.${k.class}`)}
              </th>
              <td className={num} data-testid="recon-summary-count">
                {k.count}
              </td>
              <td className={num}>
                <bdi>{moneyText(k.statement_amount, c)}</bdi>
              </td>
              <td className={num}>
                <bdi>{moneyText(k.our_amount, c)}</bdi>
              </td>
              <td className={num}>
                <bdi>{moneyText(k.statement_fee, c)}</bdi>
              </td>
              <td className={num}>
                <bdi>{moneyText(k.our_fee, c)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="fw-semibold">
          <tr>
            <th scope="row">{t('reconciliation.run.total')}</th>
            <td className={num} data-testid="recon-summary-statement-count">
              {summary.statement_count}
            </td>
            <td className={num}>
              <bdi>{moneyText(summary.statement_amount, c)}</bdi>
            </td>
            <td colSpan={3} />
          </tr>
          <tr>
            <th scope="row">{t('reconciliation.run.ourTotal')}</th>
            <td className={num}>{summary.our_count}</td>
            <td />
            <td className={num}>
              <bdi>{moneyText(summary.our_amount, c)}</bdi>
            </td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      <p
        className={`small mb-0 ${summary.balances ? 'text-success-emphasis' : 'text-danger-emphasis'}`}
        data-testid="recon-balance"
        data-balances={summary.balances}
      >
        {summary.balances ? '✓ ' : '✗ '}
        {summary.balances ? t('reconciliation.run.balances') : t('reconciliation.run.unbalanced')}
      </p>
    </div>
  );
}
