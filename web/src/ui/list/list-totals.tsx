import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_TOTALS_ROW_CAP, formatCount } from '@bo/contract';
import { listTotalsQuery } from '../../lib/api/get-list-totals';
import { useIsPhone } from '../../lib/use-is-phone';
import { Spinner } from '../spinner';
import { totalsFigures } from './totals-figures';
import type { ListPage } from './use-list-page';

const STRIP =
  'list-totals d-flex align-items-baseline gap-2 small mb-2 px-2 py-1 rounded bg-body-tertiary';

/**
 * The totals of every row matching the list's filters (all pages), above the table: per
 * currency "N items · volume X CUR · fees Y CUR" ("credits − debits X CUR" where the rows move
 * money either way), then the fees' split the viewer may see where the rows keep it. Read with
 * the page's filters; loading shows a small spinner, a failure a quiet retry (no popup), and
 * figures stay left to right in a right-to-left page.
 */
export function ListTotals<Row>({ list }: { list: ListPage<Row> }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (!isPhone) return <TotalsStrip list={list} />;
  // On a phone the totals fold away (closed at first) so the rows come first on screen.
  return (
    <details className="list-totals-fold mb-2" data-testid="list-totals-fold">
      <summary className="small fw-semibold">{t('list.totals.label')}</summary>
      <TotalsStrip list={list} />
    </details>
  );
}

function TotalsStrip<Row>({ list }: { list: ListPage<Row> }) {
  const { t } = useTranslation();
  const query = useQuery({
    ...listTotalsQuery(list.callName, list.request),
    refetchInterval: list.refetchInterval,
  });
  const label = <span className="fw-semibold text-nowrap">{t('list.totals.label')}</span>;
  if (query.isPending)
    return (
      <div className={`${STRIP} text-muted`} data-testid="list-totals" aria-busy="true">
        {label}
        <span>
          <Spinner size="sm" label={t('list.totals.loading')} />
        </span>
      </div>
    );
  if (query.isError && !query.isFetching)
    return (
      <div className={`${STRIP} text-muted`} data-testid="list-totals">
        {label}
        <span data-testid="list-totals-error">{t('list.totals.failed')}</span>
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={() => void query.refetch()}
          data-testid="list-totals-retry"
        >
          {t('list.retry')}
        </button>
      </div>
    );
  const answer = query.data;
  const refreshing = query.isFetching;
  return (
    <div
      className={`${STRIP} ${query.isPlaceholderData ? 'opacity-50' : ''}`}
      data-testid="list-totals"
      aria-busy={refreshing}
    >
      {label}
      {!answer ? null : answer.capped ? (
        <span className="text-muted" data-testid="list-totals-capped">
          {t('list.totals.capped', { cap: formatCount(LIST_TOTALS_ROW_CAP) })}
        </span>
      ) : answer.totals.length === 0 ? (
        <span className="text-muted" data-testid="list-totals-empty">
          {t('list.totals.none')}
        </span>
      ) : (
        <span className="d-flex flex-wrap column-gap-4 row-gap-1 min-w-0">
          {answer.totals.map(totalsFigures).map((f) => (
            <span
              key={f.currency}
              className="list-totals-line"
              data-testid="list-totals-currency"
              data-currency={f.currency}
            >
              {/* Each figure with its words stays whole when a phone wraps the line. */}
              <span className="text-nowrap">
                <bdi data-testid="list-totals-count">{f.countText}</bdi>{' '}
                {t('list.totals.items', { count: f.count })}
              </span>
              {' · '}
              <span className="text-nowrap">
                {t(list.totalsAreSigned ? 'list.totals.signed' : 'list.totals.volume')}{' '}
                <bdi data-testid="list-totals-amount">{f.volume}</bdi>
              </span>
              {f.fees !== null && (
                <Fragment>
                  {' · '}
                  <span className="text-nowrap">
                    {t(list.feesAreNet ? 'list.totals.netFees' : 'list.totals.fees')}{' '}
                    <bdi>{f.fees}</bdi>
                  </span>
                </Fragment>
              )}
              {f.net !== null && (
                <Fragment>
                  {' · '}
                  <span className="text-nowrap">
                    {t('list.totals.net')} <bdi>{f.net}</bdi>
                  </span>
                </Fragment>
              )}
              {f.split.map(({ part, text }) => (
                <Fragment key={part}>
                  {' · '}
                  <span className="text-nowrap">
                    {t(`list.totals.${part}`)} <bdi data-testid={`list-totals-${part}`}>{text}</bdi>
                  </span>
                </Fragment>
              ))}
            </span>
          ))}
        </span>
      )}
      {refreshing && <Spinner size="sm" label={t('list.totals.loading')} />}
    </div>
  );
}
