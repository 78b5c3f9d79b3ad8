import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent, type GatewayHealthRow } from '@bo/contract';
import { InstantText } from '../../ui/instant-text';
import { HealthChart } from './health-chart';
import { latencyText } from './health-text';
import { durationText } from '../../lib/duration-text';
import { NameText } from '../../ui/name-text';

/** A colour for a success rate: green from 90%, amber from 70%, red below; grey with none. */
function rateTone(rate: string | null) {
  if (rate === null) return 'text-muted';
  const value = Number(rate);
  return value >= 90 ? 'text-success' : value >= 70 ? 'text-warning' : 'text-danger';
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-sm-6 mb-2">
      <div className="text-muted small">{label}</div>
      <div className="fw-medium">{children}</div>
    </div>
  );
}

/** One gateway's health: success rates by window, latency, pending, last events, reasons, chart. */
export function GatewayHealthCard({ gateway }: { gateway: GatewayHealthRow }) {
  const { t } = useTranslation();
  const failures = gateway.failure_reasons.filter((r) => r.count > 0);
  return (
    <section
      className="card h-100 mb-0"
      data-testid={`gateway-health-${gateway.payment_gateway_code}`}
    >
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <h5 className="card-title mb-0">
            <NameText>{gateway.payment_gateway_name}</NameText>
          </h5>
          <small className="text-muted">
            <bdi>{gateway.payment_gateway_code}</bdi> · {gateway.currency}
          </small>
        </div>
        <div className="d-flex gap-1">
          {gateway.open_alerts > 0 && (
            <span className="badge bg-danger-subtle text-danger">
              {t('gatewayHealth.openAlertsBadge', { count: gateway.open_alerts })}
            </span>
          )}
          <span
            className={`badge ${gateway.status === 'activated' ? 'bg-success-subtle text-success' : 'bg-secondary-subtle text-secondary'}`}
          >
            {t(`gatewayHealth.status.${gateway.status}`)}
          </span>
        </div>
      </div>
      <div className="card-body">
        <div className="row text-center mb-3 g-2">
          {gateway.windows.map((w) => (
            <div className="col-4" key={w.window} data-testid={`health-window-${w.window}`}>
              <div className="border rounded py-2 h-100">
                <div className="text-muted small">{t(`gatewayHealth.window.${w.window}`)}</div>
                <div className={`fs-5 fw-semibold ${rateTone(w.success_rate)}`}>
                  {w.success_rate === null ? '—' : formatPercent(w.success_rate)}
                </div>
                <div className="text-muted small">
                  {w.attempts
                    ? t('gatewayHealth.finished', {
                        success: formatCount(w.success_count),
                        attempts: formatCount(w.attempts),
                      })
                    : t('gatewayHealth.noAttempts')}
                </div>
              </div>
            </div>
          ))}
        </div>
        <div className="row">
          <Figure label={t('gatewayHealth.latency')}>
            {gateway.latency_samples ? (
              <>
                {t('gatewayHealth.latencyValue', {
                  p50: latencyText(t, gateway.latency_p50_ms),
                  p95: latencyText(t, gateway.latency_p95_ms),
                })}
                <div className="text-muted small fw-normal">
                  {t('gatewayHealth.samples', { value: formatCount(gateway.latency_samples) })}
                </div>
              </>
            ) : (
              <span className="text-muted fw-normal">{t('gatewayHealth.noLatency')}</span>
            )}
          </Figure>
          <Figure label={t('gatewayHealth.pending')}>
            {gateway.pending_count ? (
              t('gatewayHealth.pendingValue', {
                value: formatCount(gateway.pending_count),
                age: durationText(t, gateway.oldest_pending_seconds),
              })
            ) : (
              <span className="text-muted fw-normal">{t('gatewayHealth.noPending')}</span>
            )}
          </Figure>
          <Figure label={t('gatewayHealth.lastSuccess')}>
            <InstantText value={gateway.last_success_at} empty={t('gatewayHealth.never')} />
          </Figure>
          <Figure label={t('gatewayHealth.lastCallback')}>
            <InstantText value={gateway.last_callback_at} empty={t('gatewayHealth.never')} />
          </Figure>
          <Figure label={t('gatewayHealth.failureReasons')}>
            {failures.length ? (
              <ul className="list-unstyled mb-0 fw-normal">
                {failures.map((r) => (
                  <li key={r.reason}>
                    {t(`gatewayHealth.reason.${r.reason}`)}: <strong>{formatCount(r.count)}</strong>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-muted fw-normal">{t('gatewayHealth.noFailures')}</span>
            )}
          </Figure>
        </div>
        <h6 className="mt-2 mb-1 small text-muted">{t('gatewayHealth.chartTitle')}</h6>
        <HealthChart chart={gateway.chart} />
      </div>
    </section>
  );
}
