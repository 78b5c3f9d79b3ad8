import { z } from 'zod';
import {
  conditionSchema,
  walkConditions,
  RULE_LIMITS,
  wholeNumber,
  type Condition,
  type ConditionType,
} from '../risk/rule-schema';

/**
 * A routing profile's definition (issue 43; docs/routing.md): an ordered list of steps, each
 * narrowing or reordering the gateways a payment may go to, in a structured form like a risk
 * rule's. A rule's `when` is a risk condition tree limited to what the request itself says
 * (amount, currency, account, time of day), so a condition means the same in both places.
 */

export const ROUTING_DIRECTIONS = ['payin', 'payout'] as const;
export type RoutingDirection = (typeof ROUTING_DIRECTIONS)[number];
export const ROUTING_SCOPES = ['platform', 'reseller', 'merchant'] as const;
export type RoutingScope = (typeof ROUTING_SCOPES)[number];
export const ROUTING_STEP_TYPES = ['rules', 'split', 'successRate'] as const;
export type RoutingStepType = (typeof ROUTING_STEP_TYPES)[number];
/** The risk condition types a routing rule may use: those that read the request alone. */
export const ROUTING_CONDITION_TYPES = [
  'amount',
  'currency',
  'account',
  'timeOfDay',
] as const satisfies readonly ConditionType[];

export const ROUTING_LIMITS = {
  steps: 6,
  rules: 20,
  gatewaysPerRule: 10,
  splitParts: 10,
  windowMinutes: { min: 1, max: 1440 },
  explorePercent: 50,
  minAttempts: 10_000,
} as const;

const gatewayCode = z
  .string({ error: 'must be a gateway code' })
  .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be a gateway code such as PG-A');
const gatewayCodes = z
  .array(gatewayCode)
  .min(1, 'must name at least one gateway')
  .max(ROUTING_LIMITS.gatewaysPerRule, `must name at most ${ROUTING_LIMITS.gatewaysPerRule}`)
  .refine((v) => new Set(v).size === v.length, 'must not repeat a gateway');

const routingRule = z.strictObject({ when: conditionSchema, gateways: gatewayCodes });

const splitPart = z.strictObject({ gateway: gatewayCode, percent: wholeNumber(1, 100) });

const successRate = z.strictObject({
  windowMinutes: wholeNumber(ROUTING_LIMITS.windowMinutes.min, ROUTING_LIMITS.windowMinutes.max),
  explorePercent: wholeNumber(0, ROUTING_LIMITS.explorePercent).default(5),
  /** Finished pay-ins a gateway needs in the window before its rate is trusted. */
  minAttempts: wholeNumber(1, ROUTING_LIMITS.minAttempts).default(20),
});

const step = z
  .strictObject(
    {
      rules: z
        .array(routingRule)
        .min(1, 'must hold at least one rule')
        .max(ROUTING_LIMITS.rules, `must hold at most ${ROUTING_LIMITS.rules} rules`)
        .optional(),
      split: z
        .array(splitPart)
        .min(2, 'must split across at least two gateways')
        .max(ROUTING_LIMITS.splitParts, `must name at most ${ROUTING_LIMITS.splitParts}`)
        .superRefine((parts, ctx) => {
          const codes = parts.map((p) => p.gateway);
          if (new Set(codes).size !== codes.length)
            ctx.addIssue({ code: 'custom', message: 'must not repeat a gateway' });
          const total = parts.reduce((sum, p) => sum + p.percent, 0);
          if (total !== 100)
            ctx.addIssue({
              code: 'custom',
              message: `percents must add up to 100 (they add up to ${total})`,
            });
        })
        .optional(),
      successRate: successRate.optional(),
    },
    { error: `must be an object with one of ${ROUTING_STEP_TYPES.join(', ')}` },
  )
  .refine(
    (s) => Object.keys(s).length === 1,
    `must have exactly one of ${ROUTING_STEP_TYPES.join(', ')}`,
  );

export type RoutingRule = { when: Condition; gateways: string[] };
export type SplitPart = z.output<typeof splitPart>;
export type SuccessRateStep = z.output<typeof successRate>;
export type RoutingStep =
  { rules: RoutingRule[] } | { split: SplitPart[] } | { successRate: SuccessRateStep };

const allowed = new Set<string>(ROUTING_CONDITION_TYPES);

/** A profile as saved: its steps, in order (defaults of a success-rate step filled). */
export const routingProfileSchema = z
  .strictObject({
    steps: z
      .array(step)
      .min(1, 'must hold at least one step')
      .max(ROUTING_LIMITS.steps, `must hold at most ${ROUTING_LIMITS.steps} steps`),
  })
  .superRefine((profile, ctx) => {
    profile.steps.forEach((s, i) => {
      s.rules?.forEach((rule, j) => {
        const at = ['steps', i, 'rules', j];
        let leaves = 0;
        walkConditions(
          rule.when,
          (leaf, path) => {
            leaves += 1;
            const type = Object.keys(leaf)[0]!;
            if (!allowed.has(type))
              ctx.addIssue({
                code: 'custom',
                path: [...at, ...path, type],
                message: `is not a routing condition (one of ${ROUTING_CONDITION_TYPES.join(', ')})`,
              });
          },
          ['when'],
        );
        if (leaves > RULE_LIMITS.leaves)
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'when'],
            message: `must hold at most ${RULE_LIMITS.leaves} conditions`,
          });
      });
    });
  })
  .transform((p) => p as { steps: RoutingStep[] });

export type RoutingProfileDefinition = z.output<typeof routingProfileSchema>;

/** Every gateway code a profile names, each once, with the path of its first mention. */
export function gatewayCodesOf(
  profile: RoutingProfileDefinition,
): Map<string, (string | number)[]> {
  const codes = new Map<string, (string | number)[]>();
  const add = (code: string, path: (string | number)[]) => {
    if (!codes.has(code)) codes.set(code, path);
  };
  profile.steps.forEach((s, i) => {
    if ('rules' in s)
      s.rules.forEach((r, j) =>
        r.gateways.forEach((g, k) => add(g, ['steps', i, 'rules', j, 'gateways', k])),
      );
    if ('split' in s)
      s.split.forEach((p, j) => add(p.gateway, ['steps', i, 'split', j, 'gateway']));
  });
  return codes;
}
