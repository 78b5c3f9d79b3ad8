import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppSettings } from '../../lib/api/get-app-settings';
import { ApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { useSessionUser } from '../../lib/session';
import { DEFAULT_TIME_ZONE, formatInTimeZone } from '../../lib/time-zone';
import { BusyButton } from '../../ui/busy-button';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { sendEvaluateGatewayHealthRules } from './api/evaluate-gateway-health-rules';
import { gatewayHealthQuery } from './api/get-gateway-health';
import { refreshGatewayHealthViews } from './api/get-gateway-health-rules';
import { GatewayHealthCard } from './gateway-health-card';
import { HealthAlerts } from './health-alerts';
import { HealthRulesCard } from './health-rules-card';
import { RoutingLiveCard } from './routing-live-card';
import { ToolbarSelect } from '../../ui/select-field';

/**
 * /payment-gateway/monitoring (admin with the administrator module): open alerts, the live
 * routing view (issue 43), the health rules, and a card per gateway with its live figures and chart, read again at the platform's
 * live-update interval. The currency filter lives in the URL (`currency`).
 */
export default function GatewayMonitoringPage() {
  const { t } = useTranslation();
  const settings = useAppSettings();
  const timeZone = useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE;
  const [params, setParams] = useSearchParams();
  const currency = params.get('currency') ?? '';
  const health = useQuery(gatewayHealthQuery(settings.live_update_interval_ms));
  const [evaluating, setEvaluating] = useState(false);
  const currencies = useMemo(
    () => [...new Set((health.data?.gateways ?? []).map((g) => g.currency))].sort(),
    [health.data],
  );
  const shown = (health.data?.gateways ?? []).filter((g) => !currency || g.currency === currency);
  const alerts = (health.data?.alerts ?? []).filter((a) => !currency || a.currency === currency);

  const evaluate = async () => {
    if (!(await confirmAction(t('gatewayHealth.confirmEvaluate'), t('gatewayHealth.evaluateNow'))))
      return;
    setEvaluating(true);
    try {
      const result = await sendEvaluateGatewayHealthRules({});
      announceSuccess(t('gatewayHealth.evaluated', result), { keep: true });
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    } finally {
      await refreshGatewayHealthViews();
      setEvaluating(false);
    }
  };

  return (
    <>
      <RouteTitle />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="text-muted mb-0">{t('gatewayHealth.intro')}</p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {health.data && (
            <small className="text-muted" data-testid="health-updated-at">
              {t('gatewayHealth.updatedAt', {
                time: formatInTimeZone(new Date(health.data.generated_at), timeZone),
              })}
            </small>
          )}
          {health.isFetching && health.data && <Spinner size="sm" />}
          <ToolbarSelect
            label={t('gatewayHealth.currency')}
            value={currency}
            onChange={(e) =>
              setParams(e.target.value ? { currency: e.target.value } : {}, { replace: true })
            }
            data-testid="health-currency"
          >
            <option value="">{t('gatewayHealth.allCurrencies')}</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </ToolbarSelect>
          <BusyButton
            type="button"
            className="btn-outline-primary btn-sm"
            isBusy={evaluating}
            onClick={() => void evaluate()}
            data-testid="health-evaluate"
          >
            <i className="bi bi-activity me-1" aria-hidden />
            {t('gatewayHealth.evaluateNow')}
          </BusyButton>
        </div>
      </div>
      {health.isError && !health.data ? (
        <LoadFailed onRetry={() => void health.refetch()} />
      ) : !health.data ? (
        <Spinner />
      ) : (
        <>
          <HealthAlerts alerts={alerts} />
          <RoutingLiveCard currency={currency} />
          <HealthRulesCard gateways={health.data.gateways} />
          {shown.length === 0 ? (
            <p className="text-muted" data-testid="health-empty">
              {t('gatewayHealth.noGateways')}
            </p>
          ) : (
            <div className="row g-3" data-testid="health-gateways">
              {shown.map((gateway) => (
                <div className="col-xl-6" key={gateway.id}>
                  <GatewayHealthCard gateway={gateway} />
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}
