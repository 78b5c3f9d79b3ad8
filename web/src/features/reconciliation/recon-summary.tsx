import { useTranslation } from 'react-i18next';
import type { CallResponse, getReconRun } from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';
import { TableScroll } from '../../ui/list/table-scroll';

type Currency = CallResponse<typeof getReconRun>['currencies'][number];

/** The summary's number columns after the class: its count, then each sum. */
const HEADS = [
  'reconciliation.run.count',
  'reconciliation.column.amount',
  'reconciliation.column.ourAmount',
  'reconciliation.column.fee',
  'reconciliation.column.ourFee',
] as const;
const SUMS = ['statement_amount', 'our_amount', 'statement_fee', 'our_fee'] as const;
const NUM = 'text-end text-nowrap';

/**
 * One currency of a run: each class's count and sums, statement side beside ours, and the
 * check that the statement total is matched + the differences.
 */
export function ReconCurrencySummary({ summary }: { summary: Currency }) {
  const { t } = useTranslation();
  const c = summary.currency;
  const money = (amount: string) => <bdi>{moneyText(amount, c)}</bdi>;
  return (
    <div data-testid="recon-summary" data-currency={c}>
      <TableScroll label={t('reconciliation.run.summaryCaption', { currency: c })}>
        <table className="table table-sm align-middle mb-2">
          <caption className="caption-top">
            {t('reconciliation.run.summaryCaption', { currency: c })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('reconciliation.column.class')}</th>
              {HEADS.map((key) => (
                <th key={key} scope="col" className="text-end">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.classes.map((k) => (
              <tr key={k.class} data-testid="recon-summary-class" data-class={k.class}>
                <th scope="row" className="fw-normal">
                  {t(`reconciliation.class.${k.class}`)}
                </th>
                <td className={NUM} data-testid="recon-summary-count">
                  {k.count}
                </td>
                {SUMS.map((field) => (
                  <td key={field} className={NUM}>
                    {money(k[field])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="fw-semibold">
            <tr>
              <th scope="row">{t('reconciliation.run.total')}</th>
              <td className={NUM} data-testid="recon-summary-statement-count">
                {summary.statement_count}
              </td>
              <td className={NUM}>{money(summary.statement_amount)}</td>
              <td colSpan={3} />
            </tr>
            <tr>
              <th scope="row">{t('reconciliation.run.ourTotal')}</th>
              <td className={NUM}>{summary.our_count}</td>
              <td />
              <td className={NUM}>{money(summary.our_amount)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p
        className={`small mb-0 ${summary.balances ? 'text-success-emphasis' : 'text-danger-emphasis'}`}
        data-testid="recon-balance"
        data-balances={summary.balances}
      >
        <span aria-hidden="true">{summary.balances ? '✓ ' : '✗ '}</span>
        {summary.balances ? t('reconciliation.run.balances') : t('reconciliation.run.unbalanced')}
      </p>
    </div>
  );
}
