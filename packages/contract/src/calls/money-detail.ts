import { z } from 'zod';
import { RULES } from '../access';
import { MONEY_KINDS, moneyKindNames, type MoneyKindName } from '../money-kinds';
import { PAYIN_STATUSES } from '../lifecycles';
import { RISK_ACTIONS, RISK_OWNER_SCOPES } from '../risk/vocabulary';
import { defineCall } from './define';
import { amountText, instantText, optionalAmountText, optionalInstantText } from './list';
import { formId } from './money-fields';
import { payinRow } from './payins';
import { payoutRow } from './payouts';
import { refundRow } from './refunds';
import { disputeRow } from './disputes';
import { settlementRow } from './settlements';
import { topUpRow, withdrawalRow } from './withdrawals';
import { adjustmentRow } from './adjustments';

/** The kinds of money item a detail view shows: every kind of the registry. */
export const MONEY_DETAIL_KINDS = MONEY_KINDS.map((k) => k.name) as [
  MoneyKindName,
  ...MoneyKindName[],
];
export type MoneyDetailKind = MoneyKindName;

/** The kinds whose result is sent to the merchant's notify URL. */
export type NotifiedKind = Extract<(typeof MONEY_KINDS)[number], { notified: true }>['name'];
export const NOTIFIED_KINDS = moneyKindNames((k) => k.notified) as [
  NotifiedKind,
  ...NotifiedKind[],
];

const kindField = <const K extends readonly string[]>(kinds: K) =>
  z.enum(kinds, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'is required'
        : `must be one of ${kinds.join(', ')}`,
  });

/** Who made a step: a back-office user, the gateway, the server itself or the merchant's API. */
export const ACTOR_KINDS = ['user', 'gateway', 'system', 'merchant_api'] as const;

/** The name an admin's step shows under to anyone but an admin. */
export const BACK_OFFICE_ACTOR = 'back office';

/** A pay-in's hand-over to its gateway, as its timeline step's `action`. */
export function gatewayHandoverAction(gateway: string, reference: string): string {
  return `gateway ${gateway} reference ${reference}`;
}

/** The gateway and its reference of a hand-over step's `action`; null for any other action. */
export function readGatewayHandover(action: string): { gateway: string; reference: string } | null {
  const match = /^gateway (\S*) reference (.+)$/.exec(action);
  return match ? { gateway: match[1]!, reference: match[2]! } : null;
}

/** A value one condition of a matched rule saw (`risk_matches.seen`). */
const seenValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * One rule that matched the item at intake, as the viewer may see it. `rule` is null for a rule
 * outside the viewer's scope (a platform rule, to a merchant or reseller; a reseller's, to a
 * merchant): it is shown only by its owner and action ("held by the platform").
 */
export const timelineRiskMatch = z.object({
  owner_scope: z.enum(RISK_OWNER_SCOPES),
  /** `shadow`: the rule only logged what it would do; it changed nothing. */
  mode: z.enum(['active', 'shadow']),
  action: z.enum(RISK_ACTIONS),
  /** Lifted by a matching allow rule of its own scope or one above. */
  exempt: z.boolean(),
  rule: z
    .object({
      id: z.string(),
      name: z.string(),
      version: z.number().int(),
      /** The version's definition, canonical JSON (`readRuleDefinition`). */
      definition: z.string(),
      /** The rule could not be evaluated and took its `onError` action. */
      error: z.boolean(),
      /** What each condition saw, by its path (`seenConditions` orders them as the rule does). */
      seen: z.record(z.string(), seenValue),
    })
    .nullable(),
});

/** What risk rules decided about the item at intake: the outcome and the rules that matched. */
export const timelineRisk = z.object({
  outcome: z.enum(RISK_ACTIONS),
  /** How many distinct approvers a hold needs (1 when not held). */
  min_approvals: z.number().int(),
  matches: z.array(timelineRiskMatch),
});
export type TimelineRisk = z.infer<typeof timelineRisk>;

/** Why routing chose a gateway, step by step: a phrase key (`routing.reasons.<key>`) and its values. */
export const routingReason = z.object({
  key: z.enum([
    'rule',
    'noRule',
    'split',
    'successRate',
    'explore',
    'unrated',
    'skipped',
    'fallback',
    'noHeadroom',
    'unavailable',
  ]),
  values: z.record(z.string(), z.string()),
});
export type RoutingReason = z.infer<typeof routingReason>;

/**
 * Why a `skipped` reason passed a gateway over (its `why`): switched off, its deposit could not
 * cover the pay-out, or it refused the payment at hand-over (the fallback, issue 43).
 */
export const ROUTING_SKIPPED_WHY = ['inactive', 'headroom', 'refused'] as const;
export type RoutingSkippedWhy = (typeof ROUTING_SKIPPED_WHY)[number];

/**
 * Where routing sent a pay-in or a pay-out and why (issue 43; docs/routing.md): admins only.
 * Every gateway of the currency is a candidate, with its status and, when a success-rate step
 * read it, its rate (percent, one decimal) over that many finished pay-ins.
 */
export const timelineRouting = z.object({
  gateway: z.string(),
  /** Null when routing's data could not be read (a reason `unavailable` says why). */
  profile_version: z.number().int().nullable(),
  /** The gateway was not the profile's first choice (that one was inactive). */
  by_fallback: z.boolean(),
  reasons: z.array(routingReason),
  candidates: z.array(
    z.object({
      code: z.string(),
      status: z.enum(['active', 'inactive']),
      success_rate: z.string().optional(),
      attempts: z.number().int().optional(),
      chosen: z.boolean(),
    }),
  ),
});
export type TimelineRouting = z.infer<typeof timelineRouting>;

/**
 * One step of an item's history, derived from what is stored: its creation, each state change
 * (admin log, gateway callback, or the server when nothing else explains it), back-office
 * actions that changed no state, each journal written for it, what risk rules decided at
 * intake (`risk`) and where routing sent it (`routing`, admins only).
 */
export const timelineEvent = z.object({
  at: instantText,
  event: z.enum(['created', 'status_change', 'action', 'journal', 'risk', 'routing']),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  /** A user's name, `gateway`, `system`, `merchant API` or BACK_OFFICE_ACTOR (an admin, to others). */
  actor: z.string(),
  actor_kind: z.enum(ACTOR_KINDS),
  /** The admin-log action, the journal kind or the gateway's event id. */
  action: z.string(),
  reason: z.string().nullable(),
  /**
   * The transfer recorded by the step that marked a bank settlement done (its bank reference,
   * value date and sending account); absent on every other step.
   */
  bank_transfer: z
    .object({
      bank_reference: z.string(),
      value_date: z.string(),
      sending_account: z.string().nullable(),
    })
    .optional(),
  /** The risk decision, on the `risk` step alone (pay-ins, pay-outs, settlements, withdrawals). */
  risk: timelineRisk.optional(),
  /** The routing decision, on the `routing` step alone (routed pay-ins and pay-outs, to admins). */
  routing: timelineRouting.optional(),
  /**
   * The item of another kind the step is about, when the item's own timeline shows the steps of
   * its children (a pay-in's shows each of its refunds: `parentKind` in the registry); null for
   * the item's own steps.
   */
  subject: z
    .object({
      kind: z.enum(MONEY_DETAIL_KINDS),
      id: z.string(),
      amount: amountText,
      currency: z.string(),
    })
    .nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

/**
 * How a movement's amount was split by its contract. Fields the viewer may not see are null:
 * a merchant sees amount, fee and its net; a reseller also its commission; an admin all.
 */
export const feeSplit = z.object({
  amount: amountText,
  fee: amountText,
  merchant_net: amountText,
  reseller_commission: optionalAmountText,
  platform_profit: optionalAmountText,
  gateway_cost: optionalAmountText,
});

/** One line of a journal: a ledger account debited or credited (exact decimal text). */
export const journalLine = z.object({
  ledger_account_id: z.string(),
  /** `account` (a merchant or reseller), `gateway` or `platform`. */
  owner_kind: z.string(),
  /** The account's code, the gateway's code, or `platform`. */
  owner: z.string(),
  purpose: z.string(),
  currency: z.string(),
  /** A negative entry (the account's balance shrinks); null on a credit line. */
  debit: optionalAmountText,
  /** A positive entry (the account's balance grows); null on a debit line. */
  credit: optionalAmountText,
});

/** One journal written for the item, with its lines and the contract version it used. */
export const journalEntry = z.object({
  id: z.string(),
  kind: z.string(),
  created_at: instantText,
  contract_id: z.string().nullable(),
  contract_version: z.number().int().nullable(),
  fee_split: feeSplit.nullable(),
  lines: z.array(journalLine),
  /** Lines on ledger accounts outside the viewer's scope (platform, gateway), left out. */
  hidden_lines: z.number().int(),
});

/** A gateway callback received for the item; a redelivery of an event seen before is marked. */
export const receivedCallback = z.object({
  received_at: instantText,
  event_id: z.string(),
  status: z.string(),
  /** `applied`, `ignored` (the lifecycle refused it) or `duplicate`. */
  outcome: z.string(),
  is_duplicate: z.boolean(),
  raw: z.string(),
});

/** A notification sent to the merchant's notify URL, with each delivery attempt. */
export const sentNotification = z.object({
  id: z.string(),
  url: z.string(),
  /** `pending` (queued or retrying), `delivered` or `abandoned`. */
  status: z.string(),
  payload: z.string(),
  created_at: instantText,
  delivered_at: optionalInstantText,
  next_attempt_at: optionalInstantText,
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      at: instantText,
      /** The HTTP status the merchant answered; null when no answer came (see `error`). */
      http_status: z.number().int().nullable(),
      error: z.string(),
    }),
  ),
});

/**
 * Each kind's list row, which its detail holds (`moneyDetail.row`) and the web reads the row as
 * (a settlement to the USDT wallet is a settlement). The Record type makes the compiler ask a
 * new kind for its row here.
 */
export const MONEY_DETAIL_ROWS = {
  payin: payinRow,
  payout: payoutRow,
  settlement: settlementRow,
  settlement_wallet: settlementRow,
  withdrawal: withdrawalRow,
  top_up: topUpRow,
  refund: refundRow,
  dispute: disputeRow,
  adjustment: adjustmentRow,
} as const satisfies Record<MoneyDetailKind, z.ZodObject>;
type DetailRowSchema = (typeof MONEY_DETAIL_ROWS)[MoneyDetailKind];

/** One money item's detail: its list row, history, journals, callbacks and notifications. */
export const moneyDetail = z.object({
  kind: z.enum(MONEY_DETAIL_KINDS),
  /** The row exactly as the kind's list shows it. */
  // Each row once (a settlement to the USDT wallet shares the settlement's).
  row: z.union([...new Set(Object.values(MONEY_DETAIL_ROWS))] as [
    DetailRowSchema,
    ...DetailRowSchema[],
  ]),
  timeline: z.array(timelineEvent),
  journal: z.array(journalEntry),
  /**
   * Gateway callbacks (pay-ins and pay-outs): raw gateway payloads are the platform's, so admins
   * only; null for the others, whose detail shows no callbacks tab at all.
   */
  callbacks: z.array(receivedCallback).nullable(),
  /** Merchant notifications (pay-ins and pay-outs). */
  notifications: z.array(sentNotification),
  /** Whether the viewer may call `resendMerchantNotification` for this item now. */
  can_resend_notification: z.boolean(),
  /** Whether the viewer may call `queryPayinAtGateway` for this item now. */
  can_query_gateway: z.boolean(),
});
export type MoneyDetail = z.infer<typeof moneyDetail>;

/**
 * One item's detail view (drawer or page, e.g. /payout/{id}/details). The server checks the
 * kind's list rule (getPayinList's for a pay-in, …) and the caller's scope: an id outside
 * it is not found.
 */
export const getMoneyDetail = defineCall({
  name: 'getMoneyDetail',
  request: z.object({ kind: kindField(MONEY_DETAIL_KINDS), id: formId }),
  response: moneyDetail,
  rule: RULES.anyUser,
});

/**
 * Queues the item's last merchant notification again (an admin, or the merchant who owns the
 * item, under the kind's list rule); written to the admin log.
 */
export const resendMerchantNotification = defineCall({
  name: 'resendMerchantNotification',
  request: z.object({ kind: kindField(NOTIFIED_KINDS), id: formId }),
  response: z.object({
    ref_id: z.string(),
    url: z.string(),
    status: z.literal('pending'),
    queued_at: instantText,
  }),
  rule: RULES.anyUser,
});

/**
 * Admin: asks a pay-in's gateway for its status (a pay-in not yet final) and applies the
 * answer through the pay-in lifecycle; written to the admin log. `gateway_status` is what the
 * gateway said (`no_answer` when it could not be reached), `status` the pay-in's status now.
 */
export const queryPayinAtGateway = defineCall({
  name: 'queryPayinAtGateway',
  request: z.object({ id: formId }),
  response: z.object({
    id: z.string(),
    gateway_status: z.enum(['pending', 'success', 'failed', 'no_answer']),
    status: z.enum(PAYIN_STATUSES),
    changed: z.boolean(),
  }),
  rule: RULES.payin,
});
