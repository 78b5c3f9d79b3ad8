/**
 * Evaluates the enabled health rules against every active gateway they watch: a condition
 * that starts to hold raises one alert (and, where the rule says so, deactivates the gateway
 * through the gateways service, which logs it) and mails the administrators (modules/alerts,
 * in the same transaction); while the alert is open nothing more happens;
 * once the condition clears the alert is resolved. Runs under an advisory lock so several
 * server instances never act twice.
 */
import { randomUUID } from 'node:crypto';
import type { RequestOrigin } from '../../core/context';
import type { Db, Queryable } from '../../db/db';
import { queueGatewayHealthAlert } from '../alerts/alerts.service';
import { announceGatewayChange, changeGatewayStatus } from '../gateways/gateways.service';
import type { WebhookSettings } from '../mail/mail.service';
import { finishedCounts } from './health-figures';
import { findHealthGateways, findLastCallbacks, findPendingPayins } from './health-figures.queries';
import {
  findEnabledHealthRules,
  findOpenAlerts,
  insertAlert,
  resolveAlert,
  tryEvaluationLock,
  type HealthRuleRecord,
} from './health-rules.queries';
import { formatPercentBp } from './health-view';

export interface EvaluationResult {
  raised: number;
  resolved: number;
  deactivated: number;
}

interface Finding {
  holds: boolean;
  observedSuccessRate: string | null;
  observedAttempts: number | null;
  silentSeconds: number | null;
  summary: string;
}

/** How a rule's condition reads at `now` for each gateway id. */
async function conditionsAt(
  db: Queryable,
  rules: readonly HealthRuleRecord[],
  gatewayIds: readonly string[],
  now: Date,
) {
  const counts = await finishedCounts(
    db,
    gatewayIds,
    rules.filter((r) => r.kind === 'success_rate').map((r) => r.window_minutes),
    now,
  );
  const [pending, callbacks] = await Promise.all([
    findPendingPayins(db, gatewayIds),
    findLastCallbacks(db, gatewayIds),
  ]);
  const oldestOf = new Map(pending.map((p) => [p.gateway_id, p.oldest.getTime()]));
  const lastCallbackOf = new Map(callbacks.map((c) => [c.gateway_id, c.at.getTime()]));
  return (rule: HealthRuleRecord, gatewayId: string): Finding => {
    const windowMs = rule.window_minutes * 60_000;
    if (rule.kind === 'success_rate') {
      const c = counts(gatewayId, rule.window_minutes);
      // Exact: success / attempts < threshold ⇔ success × 10,000 < threshold (bp) × attempts.
      const holds =
        c.attempts >= (rule.min_attempts ?? 1) &&
        c.success * 10_000 < (rule.min_success_bp ?? 0) * c.attempts;
      return {
        holds,
        observedSuccessRate: c.rate,
        observedAttempts: c.attempts,
        silentSeconds: null,
        summary: `success rate ${c.rate ?? '-'}% over ${c.attempts} pay-ins in ${rule.window_minutes} min (under ${formatPercentBp(rule.min_success_bp)}%)`,
      };
    }
    const oldest = oldestOf.get(gatewayId);
    const last = lastCallbackOf.get(gatewayId);
    const silentSince = now.getTime() - windowMs;
    const holds = oldest !== undefined && oldest <= silentSince && (last ?? 0) <= silentSince;
    const silentSeconds = last === undefined ? null : Math.floor((now.getTime() - last) / 1000);
    return {
      holds,
      observedSuccessRate: null,
      observedAttempts: null,
      silentSeconds,
      summary: `no callback for ${rule.window_minutes} min while pay-ins wait`,
    };
  };
}

/** Evaluates every enabled rule once, in one transaction; see the file's comment. */
export async function evaluateHealthRules(
  db: Db,
  origin: RequestOrigin,
  settings: WebhookSettings,
  now = new Date(),
): Promise<EvaluationResult> {
  const result = await db.transaction(async (tx) => {
    const outcome: EvaluationResult = { raised: 0, resolved: 0, deactivated: 0 };
    if (!(await tryEvaluationLock(tx))) return outcome;
    const rules = await findEnabledHealthRules(tx);
    const open = await findOpenAlerts(tx);
    if (!rules.length) return outcome;
    const active = (await findHealthGateways(tx, null)).filter((g) => g.status === 'activated');
    const finding = await conditionsAt(
      tx,
      rules,
      active.map((g) => g.id),
      now,
    );
    const openOf = new Map(open.map((a) => [`${a.rule_id}:${a.gateway_id}`, a]));
    for (const rule of rules) {
      const watched = active.filter(
        (g) => g.status === 'activated' && (rule.gateway_id === null || g.id === rule.gateway_id),
      );
      for (const gateway of watched) {
        const found = finding(rule, gateway.id);
        const alert = openOf.get(`${rule.id}:${gateway.id}`);
        if (!found.holds) {
          if (alert) {
            await resolveAlert(tx, alert.id, now);
            outcome.resolved++;
          }
          continue;
        }
        if (alert) continue;
        const raised = await insertAlert(tx, {
          rule,
          gatewayId: gateway.id,
          observedSuccessRate: found.observedSuccessRate,
          observedAttempts: found.observedAttempts,
          silentSeconds: found.silentSeconds,
          deactivated: rule.auto_deactivate,
          at: now,
        });
        if (!raised) continue;
        outcome.raised++;
        await queueGatewayHealthAlert(tx, settings, {
          gateway: `${gateway.payment_gateway_name} (${gateway.payment_gateway_code}, ${gateway.currency})`,
          rule: rule.name,
          summary: found.summary,
          deactivated: rule.auto_deactivate,
          at: now,
        });
        if (!rule.auto_deactivate) continue;
        await changeGatewayStatus(tx, origin, {
          id: gateway.id,
          status: 'inactive',
          reason: `Health rule "${rule.name}": ${found.summary}`,
          actor: null,
          actorLabel: 'system',
        });
        gateway.status = 'inactive';
        outcome.deactivated++;
      }
    }
    return outcome;
  });
  if (result.deactivated) announceGatewayChange();
  return result;
}

/** Evaluates when `intervalMs` has passed since the last evaluation of this process. */
export function healthEvaluationTimer(intervalMs: number, settings: WebhookSettings) {
  let last = 0;
  return async (db: Db) => {
    const now = Date.now();
    if (now - last < intervalMs) return null;
    last = now;
    return evaluateHealthRules(
      db,
      {
        clientIp: '',
        userAgent: 'gateway-health-job',
        requestId: `gateway-health-${randomUUID()}`,
      },
      settings,
    );
  };
}
