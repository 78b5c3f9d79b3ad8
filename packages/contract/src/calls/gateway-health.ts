import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest, formFlag, formInt, formOptionalText, formText } from './define';
import { GATEWAY_STATUSES } from './gateways';
import { instantText, optionalInstantText } from './list';
import { formId, formOptionalCurrency } from './money-fields';

/**
 * Gateway health monitoring (/payment-gateway/monitoring, issue 13): live figures per gateway
 * from its pay-ins and callbacks, and rules that raise an alert (and may deactivate it).
 */

/** The windows the screen shows, with their length in minutes. */
export const HEALTH_WINDOWS = { '15m': 15, '1h': 60, '24h': 1440 } as const;
export type HealthWindow = keyof typeof HEALTH_WINDOWS;
export const HEALTH_WINDOW_NAMES = Object.keys(HEALTH_WINDOWS) as HealthWindow[];

/** Callback latency and failure reasons are measured over this window (minutes). */
export const HEALTH_DETAIL_WINDOW_MINUTES = 60;
/** The chart: pay-in outcomes per hour over the last day. */
export const HEALTH_CHART_HOURS = 24;

/**
 * `success_rate`: the gateway's success rate over the last `window_minutes` is under
 * `min_success_percent` with at least `min_attempts` finished pay-ins.
 * `no_callback`: no callback for `window_minutes` while a pay-in has waited that long.
 */
export const HEALTH_RULE_KINDS = ['success_rate', 'no_callback'] as const;
export type HealthRuleKind = (typeof HEALTH_RULE_KINDS)[number];

/** Why finished pay-ins did not succeed: declined by the gateway, or no answer before expiry. */
export const HEALTH_FAILURE_REASONS = ['declined', 'expired', 'ignored_callback'] as const;

/** Bounds of a rule's fields (the form shows them too). */
export const HEALTH_RULE_LIMITS = {
  name: 80,
  windowMinutesMin: 1,
  windowMinutesMax: 1440,
  minAttemptsMin: 1,
  minAttemptsMax: 100_000,
} as const;

const healthWindowFigures = z.object({
  window: z.enum(HEALTH_WINDOW_NAMES as [HealthWindow, ...HealthWindow[]]),
  /** Pay-ins created in the window that have finished (success, failed or expired). */
  attempts: z.number().int(),
  success_count: z.number().int(),
  failed_count: z.number().int(),
  expired_count: z.number().int(),
  /** success / attempts × 100 with 2 decimals; null when nothing finished. */
  success_rate: z.string().nullable(),
});

export const gatewayHealthRow = z.object({
  id: z.string(),
  payment_gateway_name: z.string(),
  payment_gateway_code: z.string(),
  currency: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  windows: z.array(healthWindowFigures),
  /** From a pay-in's creation to its first applied callback, over the detail window. */
  latency_p50_ms: z.number().int().nullable(),
  latency_p95_ms: z.number().int().nullable(),
  latency_samples: z.number().int(),
  pending_count: z.number().int(),
  /** Age of the oldest pending pay-in in seconds (0 when none). */
  oldest_pending_seconds: z.number().int(),
  last_success_at: optionalInstantText,
  last_callback_at: optionalInstantText,
  /** Over the detail window. */
  failure_reasons: z.array(
    z.object({ reason: z.enum(HEALTH_FAILURE_REASONS), count: z.number().int() }),
  ),
  open_alerts: z.number().int(),
  chart: z.object({
    /** Hour starts (ISO instants), oldest first. */
    hours: z.array(z.string()),
    success: z.array(z.number().int()),
    unsuccessful: z.array(z.number().int()),
  }),
});
export type GatewayHealthRow = z.infer<typeof gatewayHealthRow>;

/** An open alert: a rule's condition holds for a gateway (raised once until it clears). */
export const gatewayHealthAlert = z.object({
  id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  kind: z.enum(HEALTH_RULE_KINDS),
  gateway_id: z.string(),
  payment_gateway_name: z.string(),
  payment_gateway_code: z.string(),
  currency: z.string(),
  window_minutes: z.number().int(),
  min_success_percent: z.string().nullable(),
  min_attempts: z.number().int().nullable(),
  observed_success_rate: z.string().nullable(),
  observed_attempts: z.number().int().nullable(),
  /** no_callback: seconds since the last callback (null when none was ever received). */
  silent_seconds: z.number().int().nullable(),
  deactivated: z.boolean(),
  raised_at: instantText,
});
export type GatewayHealthAlert = z.infer<typeof gatewayHealthAlert>;

export const getGatewayHealth = defineCall({
  name: 'getGatewayHealth',
  request: z.object({ currency: formOptionalCurrency }),
  response: z.object({
    generated_at: instantText,
    gateways: z.array(gatewayHealthRow),
    alerts: z.array(gatewayHealthAlert),
  }),
  rule: RULES.administrator,
});

export const gatewayHealthRule = z.object({
  id: z.string(),
  name: z.string(),
  /** null: every gateway. */
  gateway_id: z.string().nullable(),
  payment_gateway_name: z.string().nullable(),
  kind: z.enum(HEALTH_RULE_KINDS),
  window_minutes: z.number().int(),
  min_success_percent: z.string().nullable(),
  min_attempts: z.number().int().nullable(),
  auto_deactivate: z.boolean(),
  enabled: z.boolean(),
  open_alerts: z.number().int(),
  created_at: instantText,
  updated_at: instantText,
});
export type GatewayHealthRule = z.infer<typeof gatewayHealthRule>;

export const getGatewayHealthRules = defineCall({
  name: 'getGatewayHealthRules',
  request: emptyRequest,
  response: z.object({ rules: z.array(gatewayHealthRule) }),
  rule: RULES.administrator,
});

/** A percent such as "80" or "92.5" (0–100, at most 2 decimals). */
const percentText = formOptionalText(8).refine(
  (v) => v === undefined || (/^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100),
  { message: 'must be a percent from 0 to 100 with at most 2 decimals' },
);
const optionalAttempts = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  formInt(HEALTH_RULE_LIMITS.minAttemptsMin, HEALTH_RULE_LIMITS.minAttemptsMax).optional(),
);

export const createGatewayHealthRule = defineCall({
  name: 'createGatewayHealthRule',
  request: z
    .object({
      name: formText(HEALTH_RULE_LIMITS.name),
      /** Empty: the rule watches every gateway. */
      gatewayId: z.preprocess((v) => (v === '' || v === null ? undefined : v), formId.optional()),
      kind: z.enum(HEALTH_RULE_KINDS, {
        error: `must be one of ${HEALTH_RULE_KINDS.join(', ')}`,
      }),
      windowMinutes: formInt(
        HEALTH_RULE_LIMITS.windowMinutesMin,
        HEALTH_RULE_LIMITS.windowMinutesMax,
      ),
      minSuccessPercent: percentText,
      minAttempts: optionalAttempts,
      autoDeactivate: formFlag.default(false),
    })
    .superRefine((rule, ctx) => {
      if (rule.kind !== 'success_rate') return;
      if (rule.minSuccessPercent === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['minSuccessPercent'],
          message: 'is required for a success rate rule',
        });
      else if (rule.minAttempts === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['minAttempts'],
          message: 'is required for a success rate rule',
        });
    }),
  response: gatewayHealthRule,
  rule: RULES.administrator,
});

/** Turns a rule on or off (an off rule's open alerts close). */
export const updateGatewayHealthRule = defineCall({
  name: 'updateGatewayHealthRule',
  request: z.object({ id: formId, enabled: formFlag }),
  response: gatewayHealthRule,
  rule: RULES.administrator,
});

export const deleteGatewayHealthRule = defineCall({
  name: 'deleteGatewayHealthRule',
  request: z.object({ id: formId }),
  response: z.object({ id: z.string() }),
  rule: RULES.administrator,
});

/** Evaluates every rule now (the background job does it every `GATEWAY_HEALTH_INTERVAL_MS`). */
export const evaluateGatewayHealthRules = defineCall({
  name: 'evaluateGatewayHealthRules',
  request: emptyRequest,
  response: z.object({
    raised: z.number().int(),
    resolved: z.number().int(),
    deactivated: z.number().int(),
  }),
  rule: RULES.administrator,
});
