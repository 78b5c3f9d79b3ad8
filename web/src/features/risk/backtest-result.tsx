import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatCount,
  formatMoney,
  type RiskBacktest,
  type RiskBacktestSampleRow,
} from '@bo/contract';
import { InstantText } from '../../ui/instant-text';
import { moneyText } from '../../ui/list/money-text';
import { StatusBadge } from '../../ui/list/status-badge';
import { TableScroll } from '../../ui/list/table-scroll';
import { moneyItemPath } from '../../ui/money/money-item';

/** The sample's rows by merchant, merchants in the order they first appear (newest first). */
export function sampleByMerchant(rows: readonly RiskBacktestSampleRow[]) {
  const groups = new Map<string | null, RiskBacktestSampleRow[]>();
  for (const row of rows)
    groups.set(row.merchant_db_code, [...(groups.get(row.merchant_db_code) ?? []), row]);
  return [...groups].map(([merchant, items]) => ({ merchant, items }));
}

const SUMMARY_COLUMNS = [
  'action',
  'currency',
  'count',
  'amount',
  'refunded',
  'disputed',
  'failed',
] as const;
/** The id last: what a phone shows first is the amount and the outcome, not a long id. */
const SAMPLE_COLUMNS = ['amount', 'kind', 'action', 'status', 'at', 'id'] as const;
type Column = (typeof SUMMARY_COLUMNS)[number] | (typeof SAMPLE_COLUMNS)[number];

/** One of the result's tables: its title over it, its column heads (`numeric` ones at the end). */
function ResultTable({
  title,
  columns,
  numeric,
  testId,
  children,
}: {
  title: string;
  columns: readonly Column[];
  numeric: readonly Column[];
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="h6 mt-3">{title}</h3>
      <TableScroll label={title}>
        <table className="table table-sm align-middle mb-0" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={numeric.includes(c) ? 'text-end' : undefined}>
                  {t(`riskRules.backtest.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          {children}
        </table>
      </TableScroll>
    </>
  );
}

/** What the rule would have done, per action and currency, and how those items ended later. */
function SummaryTable({ backtest }: { backtest: RiskBacktest }) {
  const { t } = useTranslation();
  return (
    <ResultTable
      title={t('riskRules.backtest.summaryTitle')}
      columns={SUMMARY_COLUMNS}
      numeric={SUMMARY_COLUMNS.slice(2)}
      testId="risk-backtest-summary"
    >
      <tbody>
        {backtest.summary.map((row) => (
          <tr key={`${row.action}-${row.currency}`} data-testid="risk-backtest-summary-row">
            <th scope="row">{t(`riskRules.actions.${row.action}`)}</th>
            <td>{row.currency}</td>
            <td className="text-end">{formatCount(row.count)}</td>
            <td className="text-end text-nowrap">{formatMoney(row.amount, row.currency)}</td>
            <td className="text-end">{formatCount(row.later_refunded)}</td>
            <td className="text-end">{formatCount(row.later_disputed)}</td>
            <td className="text-end">{formatCount(row.later_failed)}</td>
          </tr>
        ))}
      </tbody>
    </ResultTable>
  );
}

/** The newest few matched items of each merchant; each id opens its item in its kind's list. */
function SampleTable({ rows }: { rows: readonly RiskBacktestSampleRow[] }) {
  const { t } = useTranslation();
  return (
    <ResultTable
      title={t('riskRules.backtest.sampleTitle')}
      columns={SAMPLE_COLUMNS}
      numeric={['amount']}
      testId="risk-backtest-sample"
    >
      {sampleByMerchant(rows).map(({ merchant, items }) => (
        <tbody key={merchant ?? ''} data-testid="risk-backtest-merchant">
          <tr className="table-light">
            <th scope="rowgroup" colSpan={SAMPLE_COLUMNS.length}>
              {t('riskRules.backtest.merchant')}:{' '}
              <bdi>{merchant ?? t('riskRules.backtest.noMerchant')}</bdi>
            </th>
          </tr>
          {items.map((row) => (
            <tr key={`${row.kind}-${row.id}`} data-testid="risk-backtest-sample-row">
              <td className="text-end text-nowrap">{moneyText(row.amount, row.currency)}</td>
              <td className="text-nowrap">{t(`riskRules.kinds.${row.kind}`)}</td>
              <td>{t(`riskRules.actions.${row.action}`)}</td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td>
                <InstantText value={row.at} />
              </td>
              <td className="text-nowrap">
                <Link to={moneyItemPath(row.kind, row.id)} className="font-monospace small">
                  <bdi>{row.id}</bdi>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </ResultTable>
  );
}

/** A finished backtest: the window read, how many requests it read and matched, then the tables. */
export function BacktestResult({ backtest }: { backtest: RiskBacktest }) {
  const { t } = useTranslation();
  return (
    <div data-testid="risk-backtest-result">
      <dl className="row small mb-0">
        <dt className="col-sm-3">{t('riskRules.backtest.window')}</dt>
        <dd className="col-sm-9">
          <InstantText value={backtest.from} /> – <InstantText value={backtest.to} />
        </dd>
        <dt className="col-sm-3">{t('riskRules.backtest.scanned')}</dt>
        <dd className="col-sm-9" data-testid="risk-backtest-scanned">
          {formatCount(backtest.scanned)}
        </dd>
        <dt className="col-sm-3">{t('riskRules.backtest.matched')}</dt>
        <dd className="col-sm-9" data-testid="risk-backtest-matched">
          {formatCount(backtest.matched)}
        </dd>
      </dl>
      {backtest.matched === 0 ? (
        <p className="text-muted mt-2 mb-0" data-testid="risk-backtest-no-matches">
          {t('riskRules.backtest.noMatches')}
        </p>
      ) : (
        <>
          <SummaryTable backtest={backtest} />
          {backtest.sample.length > 0 && <SampleTable rows={backtest.sample} />}
        </>
      )}
    </div>
  );
}
