import type { TFunction } from 'i18next';
import type { GatewayHealthAlert } from '@bo/contract';

const unitText = (lang: string, value: number, unit: string, digits = 0) =>
  new Intl.NumberFormat(lang, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);

/** A duration in its largest whole unit, in the reader's language: "45 sec", "12 min", "3 hr". */
export function durationText(lang: string, seconds: number): string {
  if (seconds < 60) return unitText(lang, seconds, 'second');
  if (seconds < 3600) return unitText(lang, Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return unitText(lang, Math.floor(seconds / 3600), 'hour');
  return unitText(lang, Math.floor(seconds / 86_400), 'day');
}

/** A latency: milliseconds under 10 s ("850 ms"), else seconds with a decimal ("12.4 sec"). */
export function latencyText(lang: string, ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10_000) return unitText(lang, ms, 'millisecond');
  return unitText(lang, ms / 1000, 'second', 1);
}

/** What an alert says happened, in the reader's language. */
export function alertText(t: TFunction, alert: GatewayHealthAlert): string {
  const base = {
    gateway: alert.payment_gateway_name,
    currency: alert.currency,
    minutes: alert.window_minutes,
  };
  return alert.kind === 'success_rate'
    ? t('gatewayHealth.alertSuccessRate', {
        ...base,
        rate: alert.observed_success_rate ?? '0.00',
        attempts: alert.observed_attempts ?? 0,
        threshold: alert.min_success_percent ?? '0.00',
      })
    : t('gatewayHealth.alertNoCallback', base);
}
