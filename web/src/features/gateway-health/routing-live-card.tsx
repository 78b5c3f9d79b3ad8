import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FiguresTable, percentOrDash } from '../../ui/figures-table';
import {
  formatCount,
  formatMoney,
  ROUTING_DIRECTIONS,
  type RoutingLiveGateway,
  type RoutingLiveProfile,
} from '@bo/contract';
import { useAppSettings } from '../../lib/api/get-app-settings';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { routingLiveQuery } from './api/get-routing-live';

type Direction = (typeof ROUTING_DIRECTIONS)[number];

/** The figure columns after the gateway's, in order (`gatewayHealth.live.<column>`). */
const FIGURE_COLUMNS = [
  'payinShare',
  'payinSuccess',
  'payoutShare',
  'payoutSuccess',
  'headroom',
  'queued',
] as const;

/** Who routed a currency's payments of one direction: each profile version, and the rest. */
function RoutedBy({
  direction,
  profiles,
  total,
}: {
  direction: Direction;
  profiles: readonly RoutingLiveProfile[];
  total: number;
}) {
  const { t } = useTranslation();
  const decided = profiles.reduce((sum, p) => sum + p.decisions, 0);
  const parts = profiles.map((p) =>
    t('gatewayHealth.live.byProfile', {
      profile:
        p.version === null
          ? t('gatewayHealth.live.unavailable')
          : t('gatewayHealth.live.profile', {
              scope: t(`routing.scopes.${p.scope ?? 'platform'}`),
              account: p.account_code ? ` ${p.account_code}` : '',
              version: p.version,
            }),
      count: formatCount(p.decisions),
      fallback: formatCount(p.by_fallback),
    }),
  );
  if (total > decided)
    parts.push(t('gatewayHealth.live.withoutProfile', { count: formatCount(total - decided) }));
  return (
    <p className="small mb-1" data-testid={`routing-live-by-${direction}`}>
      <span className="fw-medium">
        {t(`gatewayHealth.live.${direction}Total`, { count: formatCount(total) })}
      </span>
      {parts.length > 0 && <> · {parts.join(t('gatewayHealth.live.separator'))}</>}
    </p>
  );
}

/** One currency's gateways: shares, success rates, deposit headroom and queued pay-outs. */
export function CurrencyLive({
  currency,
  gateways,
  profiles,
}: {
  currency: string;
  gateways: readonly RoutingLiveGateway[];
  profiles: readonly RoutingLiveProfile[];
}) {
  const { t } = useTranslation();
  const totals = {
    payin: gateways.reduce((sum, g) => sum + g.payins, 0),
    payout: gateways.reduce((sum, g) => sum + g.payouts, 0),
  };
  return (
    <div className="mb-3" data-testid={`routing-live-${currency}`}>
      <h6 className="mb-1">{currency}</h6>
      {ROUTING_DIRECTIONS.map((direction) => (
        <RoutedBy
          key={direction}
          direction={direction}
          total={totals[direction]}
          profiles={profiles.filter((p) => p.direction === direction)}
        />
      ))}
      <FiguresTable
        caption={t('gatewayHealth.live.caption', { currency })}
        rowHeader={t('gatewayHealth.live.gateway')}
        columns={FIGURE_COLUMNS.map((c) => t(`gatewayHealth.live.${c}`))}
      >
        {gateways.map((g) => (
          <tr key={g.id} data-testid={`routing-live-row-${g.payment_gateway_code}`}>
            <th scope="row" className="fw-medium text-nowrap">
              <bdi>{g.payment_gateway_code}</bdi>
              {g.status !== 'activated' && (
                <span className="badge bg-secondary-subtle text-secondary ms-2">
                  {t(`gatewayHealth.status.${g.status === 'inactive' ? 'inactive' : 'activated'}`)}
                </span>
              )}
            </th>
            <td className="text-end" data-testid="live-payin-share">
              {percentOrDash(g.payin_share)}{' '}
              <span className="text-muted small">({formatCount(g.payins)})</span>
            </td>
            <td className="text-end">{percentOrDash(g.payin_success_rate)}</td>
            <td className="text-end">
              {percentOrDash(g.payout_share)}{' '}
              <span className="text-muted small">({formatCount(g.payouts)})</span>
            </td>
            <td className="text-end">{percentOrDash(g.payout_success_rate)}</td>
            <td className="text-end" data-testid="live-headroom">
              <bdi>{formatMoney(g.deposit_headroom, currency)}</bdi>
            </td>
            <td className="text-end" data-testid="live-queued">
              {formatCount(g.payouts_queued)}
            </td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}

/**
 * The live routing view (issue 43, "Live view"): per currency (the page's filter), who routed
 * the last hour's pay-ins and pay-outs, and each gateway's share, success rate, deposit
 * headroom for pay-outs and queued pay-outs; read again at the live-update interval.
 */
export function RoutingLiveCard({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const settings = useAppSettings();
  const live = useQuery(routingLiveQuery(settings.live_update_interval_ms));
  const gateways = (live.data?.gateways ?? []).filter((g) => !currency || g.currency === currency);
  const currencies = [...new Set(gateways.map((g) => g.currency))];
  return (
    <section className="card mb-3" data-testid="routing-live">
      <div className="card-header">
        <h5 className="card-title mb-0">{t('gatewayHealth.live.title')}</h5>
        <small className="text-muted">{t('gatewayHealth.live.intro')}</small>
      </div>
      <div className="card-body">
        {live.isError && !live.data ? (
          <LoadFailed onRetry={() => void live.refetch()} />
        ) : !live.data ? (
          <Spinner />
        ) : currencies.length === 0 ? (
          <p className="text-muted mb-0">{t('gatewayHealth.noGateways')}</p>
        ) : (
          currencies.map((c) => (
            <CurrencyLive
              key={c}
              currency={c}
              gateways={gateways.filter((g) => g.currency === c)}
              profiles={live.data.profiles.filter((p) => p.currency === c)}
            />
          ))
        )}
      </div>
    </section>
  );
}
