/** Health rules and alerts as the calls answer them. */
import type { GatewayHealthAlert, GatewayHealthRule } from '@bo/contract';
import { isoOrNull } from '../scoped-lists/scope';
import type { HealthRuleRecord, OpenAlertRecord } from './health-rules.queries';

/** Basis points as a percent with 2 decimals: 8050 → "80.50"; null stays null. */
export function formatPercentBp(bp: number | null): string | null {
  if (bp === null) return null;
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** A percent text of at most 2 decimals ("80", "92.5") in basis points. */
export function percentToBp(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const viewHealthRule = (r: HealthRuleRecord): GatewayHealthRule => ({
  id: r.id,
  name: r.name,
  gateway_id: r.gateway_id,
  payment_gateway_name: r.payment_gateway_name,
  kind: r.kind,
  window_minutes: r.window_minutes,
  min_success_percent: formatPercentBp(r.min_success_bp),
  min_attempts: r.min_attempts,
  auto_deactivate: r.auto_deactivate,
  enabled: r.enabled,
  open_alerts: r.open_alerts,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const viewHealthAlert = (a: OpenAlertRecord): GatewayHealthAlert => ({
  id: a.id,
  rule_id: a.rule_id,
  rule_name: a.rule_name,
  kind: a.kind,
  gateway_id: a.gateway_id,
  payment_gateway_name: a.payment_gateway_name,
  payment_gateway_code: a.payment_gateway_code,
  currency: a.currency,
  window_minutes: a.window_minutes,
  min_success_percent: formatPercentBp(a.min_success_bp),
  min_attempts: a.min_attempts,
  observed_success_rate: a.observed_success_rate,
  observed_attempts: a.observed_attempts,
  silent_seconds: a.silent_seconds,
  deactivated: a.deactivated,
  raised_at: isoOrNull(a.raised_at)!,
});
