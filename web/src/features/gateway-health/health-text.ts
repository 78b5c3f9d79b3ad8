import type { TFunction } from 'i18next';
import { formatCount, formatPercent, type GatewayHealthAlert } from '@bo/contract';
import { durationText } from '../../lib/duration-text';

/**
 * A latency: whole milliseconds under 10 s ("850 ms", "9,999 ms"), else the duration's words
 * ("12 sec"), so a reader never meets a third way of writing a time.
 */
export function latencyText(t: TFunction, ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10_000) return t('gatewayHealth.milliseconds', { value: formatCount(ms) });
  return durationText(t, ms / 1000);
}

/** What an alert says happened, in the reader's language: "52.86%" and "2,040" as everywhere. */
export function alertText(t: TFunction, alert: GatewayHealthAlert): string {
  const base = {
    gateway: alert.payment_gateway_name,
    currency: alert.currency,
    minutes: formatCount(alert.window_minutes),
  };
  return alert.kind === 'success_rate'
    ? t('gatewayHealth.alertSuccessRate', {
        ...base,
        rate: formatPercent(alert.observed_success_rate),
        attempts: formatCount(alert.observed_attempts ?? 0),
        threshold: formatPercent(alert.min_success_percent),
      })
    : t('gatewayHealth.alertNoCallback', base);
}
