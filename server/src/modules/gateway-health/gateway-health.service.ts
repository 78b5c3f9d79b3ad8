/** Gateway health: the live figures, the rules (audited writes) and their evaluation. */
import type {
  createGatewayHealthRule,
  getGatewayHealth,
  updateGatewayHealthRule,
} from '@bo/contract';
import type { z } from 'zod';
import type { Config } from '../../config/config';
import { badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findGatewayById } from '../gateways/gateways.service';
import { readGatewayHealth } from './health-figures';
import { findHealthGateways } from './health-figures.queries';
import { evaluateHealthRules, healthEvaluationTimer } from './health-evaluation';
import {
  deleteHealthRule,
  findHealthRule,
  findHealthRules,
  findOpenAlerts,
  insertHealthRule,
  lockHealthRule,
  resolveAlertsOfRule,
  setHealthRuleEnabled,
} from './health-rules.queries';
import { percentToBp, viewHealthAlert, viewHealthRule } from './health-view';

/** Pay-ins per gateway and status in windows: routing's success rates read them too (issue 43). */
export {
  findHealthGateways,
  findHourlyOutcomes,
  findOutcomeCounts,
  type JudgedTable,
} from './health-figures.queries';

type HealthInput = z.output<(typeof getGatewayHealth)['request']>;
type NewRuleInput = z.output<(typeof createGatewayHealthRule)['request']>;
type RuleSwitchInput = z.output<(typeof updateGatewayHealthRule)['request']>;

/** Every gateway's figures (in one currency when given) and the open alerts. */
export async function gatewayHealth(ctx: UserCallContext, input: HealthInput) {
  const now = new Date();
  const currency = input.currency ?? null;
  const [gateways, alerts] = await Promise.all([
    findHealthGateways(ctx.db, currency),
    findOpenAlerts(ctx.db, currency),
  ]);
  const openAlerts = new Map<string, number>();
  for (const a of alerts) openAlerts.set(a.gateway_id, (openAlerts.get(a.gateway_id) ?? 0) + 1);
  return {
    generated_at: now.toISOString(),
    gateways: await readGatewayHealth(ctx.db, gateways, openAlerts, now),
    alerts: alerts.map(viewHealthAlert),
  };
}

export async function healthRules(ctx: UserCallContext) {
  return { rules: (await findHealthRules(ctx.db)).map(viewHealthRule) };
}

/** Adds a rule, admin-logged; a gateway named must exist (400 on gatewayId otherwise). */
export function addHealthRule(ctx: UserCallContext, input: NewRuleInput) {
  return ctx.db.transaction(async (tx) => {
    if (input.gatewayId && !(await findGatewayById(tx, input.gatewayId)))
      throw badInput('gatewayId names no payment gateway');
    const successRate = input.kind === 'success_rate';
    const id = await insertHealthRule(tx, {
      name: input.name,
      gatewayId: input.gatewayId ?? null,
      kind: input.kind,
      windowMinutes: input.windowMinutes,
      minSuccessBp: successRate ? percentToBp(input.minSuccessPercent!) : null,
      minAttempts: successRate ? input.minAttempts! : null,
      autoDeactivate: input.autoDeactivate,
      createdBy: ctx.actor.accountId,
    });
    const rule = viewHealthRule((await findHealthRule(tx, id))!);
    await recordAdminLog(tx, ctx, {
      action: 'gateway_health.rule_create',
      actor: ctx.actor,
      targetType: 'gateway_health_rule',
      targetId: id,
      after: rule,
    });
    return rule;
  });
}

/** Turns a rule on or off, admin-logged; turning it off closes its open alerts. */
export function switchHealthRule(ctx: UserCallContext, input: RuleSwitchInput) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockHealthRule(tx, input.id);
    if (!before) throw notFound('No health rule has this id');
    if (before.enabled === input.enabled) return viewHealthRule(before);
    await setHealthRuleEnabled(tx, input.id, input.enabled);
    if (!input.enabled) await resolveAlertsOfRule(tx, input.id, new Date());
    const after = viewHealthRule((await findHealthRule(tx, input.id))!);
    await recordAdminLog(tx, ctx, {
      action: 'gateway_health.rule_update',
      actor: ctx.actor,
      targetType: 'gateway_health_rule',
      targetId: input.id,
      before: { enabled: before.enabled },
      after: { enabled: after.enabled },
    });
    return after;
  });
}

/** Deletes a rule, admin-logged; its open alerts close (the alerts keep its name). */
export function removeHealthRule(ctx: UserCallContext, input: { id: string }) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockHealthRule(tx, input.id);
    if (!before) throw notFound('No health rule has this id');
    await resolveAlertsOfRule(tx, input.id, new Date());
    await deleteHealthRule(tx, input.id);
    await recordAdminLog(tx, ctx, {
      action: 'gateway_health.rule_delete',
      actor: ctx.actor,
      targetType: 'gateway_health_rule',
      targetId: input.id,
      before: viewHealthRule(before),
    });
    return { id: input.id };
  });
}

/** Evaluates every rule now, for the admin's "evaluate now". */
export const evaluateHealthNow = (ctx: UserCallContext) =>
  evaluateHealthRules(ctx.db, ctx, ctx.config);

/** For the money jobs' tick (every second): evaluates once GATEWAY_HEALTH_INTERVAL_MS has passed. */
export const gatewayHealthJob = (config: Config) =>
  healthEvaluationTimer(config.gatewayHealthIntervalMs, config);
