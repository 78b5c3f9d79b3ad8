import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formFlag, formOptionalText, formText } from './define';
import { GATEWAY_STATUSES } from './gateways';
import {
  amountText,
  instantText,
  listPageOf,
  listRequest,
  optionalInstantText,
  sortField,
} from './list';
import { formAmountText, formCurrency, formId } from './money-fields';

/**
 * Payment gateway administration (issue 13, /payment-gateway and /pg-currency-balance): admin
 * with the administrator module only. Every write is confirmed on screen, audited in the
 * same transaction and exact; credentials are stored encrypted and never answered.
 */

/** The connectors a gateway may name (those the server binds; see server/src/connectors). */
export const GATEWAY_CONNECTORS = ['sandbox'] as const;

/** The columns the gateway list sorts by on the server. */
export const GATEWAY_LIST_SORTS = [
  'payment_gateway_code',
  'payment_gateway_name',
  'currency',
  'created_at',
] as const;

/** Bounds of a gateway's fields (the form shows them too). */
export const GATEWAY_LIMITS = {
  name: 80,
  code: 40,
  dbCode: 40,
  country: 60,
  credentials: 4000,
  reason: 500,
  reasonMin: 5,
} as const;

/** Codes: capitals, digits, '-' and '_' (they name the gateway in rollups, filters and files). */
const CODE = /^[A-Z0-9][A-Z0-9_-]*$/;
const codeField = (max: number) =>
  formText(max).refine((v) => CODE.test(v), {
    message: 'must be capital letters, digits, - or _ (e.g. SBX-MYR-3)',
  });

/** A percent such as "2.5" (at most 4 decimals, 0–100). */
const percentField = formText(12).refine(
  (v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && Number(v) <= 100,
  {
    message: 'must be a percent from 0 to 100 with at most 4 decimals',
  },
);

const reasonField = formText(GATEWAY_LIMITS.reason).refine(
  (v) => v.length >= GATEWAY_LIMITS.reasonMin,
  { message: `must be at least ${GATEWAY_LIMITS.reasonMin} characters` },
);

/**
 * How a gateway of the sandbox connector behaves (`setSandboxBehaviour`); a gateway of another
 * connector answers the defaults, which nothing reads.
 */
const sandboxBehaviourFields = {
  /** The share of what it finishes that it pays, in percent (4 decimals). */
  sandbox_success_percent: z.string(),
  sandbox_latency_ms: z.number().int(),
  /** It refuses every hand-over (an outage). */
  sandbox_refuses_hand_overs: z.boolean(),
  /** It finishes its pay-ins by itself, at its success share, without a payer. */
  sandbox_pays_alone: z.boolean(),
};

/**
 * One gateway as the admin list, its export and every write answer it. Flat (the export
 * writes one cell per field): the spec's `wallet_info.pg_deposit_balance` and
 * `rate_info.balance_limit` are `pg_deposit_balance` and `balance_limit` here.
 */
export const gatewayAdminRow = z.object({
  id: z.string(),
  payment_gateway_name: z.string(),
  payment_gateway_code: z.string(),
  payment_db_code: z.string(),
  currency: z.string(),
  country: z.string(),
  connector: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  /** Why the status last changed ('' before any change). */
  status_reason: z.string(),
  status_changed_at: optionalInstantText,
  pg_deposit_balance: amountText,
  balance_limit: amountText,
  /** Deposit balance as a percent of the limit (the dashboard's rule). */
  percent_used: z.string(),
  payin_cost_percent: z.string(),
  payin_cost_fixed: amountText,
  payout_cost_percent: z.string(),
  payout_cost_fixed: amountText,
  /** Successful share of finished pay-ins in percent, 2 decimals. */
  success_rate: z.string(),
  /** Whether credentials are stored (they are never answered). */
  has_credentials: z.boolean(),
  created_at: instantText,
  ...sandboxBehaviourFields,
});
export type GatewayAdminRow = z.infer<typeof gatewayAdminRow>;

/** /payment-gateway: every gateway, by currency, status and a search (part of name or code). */
export const getGatewayAdminList = defineCall({
  name: 'getGatewayAdminList',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(GATEWAY_LIST_SORTS),
    direction: listRequest.direction,
    search: listRequest.search,
    currency: listRequest.currency,
    status: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(GATEWAY_STATUSES, { error: 'must be activated or inactive' }).optional(),
    ),
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(gatewayAdminRow),
  rule: RULES.administrator,
});

/** The editable settings of a gateway (create and edit send them all). */
const gatewaySettings = {
  name: formText(GATEWAY_LIMITS.name),
  country: formText(GATEWAY_LIMITS.country),
  connector: z.enum(GATEWAY_CONNECTORS, {
    error: `must be one of ${GATEWAY_CONNECTORS.join(', ')}`,
  }),
  balanceLimit: formAmountText,
  payinCostPercent: percentField,
  payinCostFixed: formAmountText,
  payoutCostPercent: percentField,
  payoutCostFixed: formAmountText,
  /** Connector credentials (e.g. JSON); stored encrypted; empty on edit keeps the stored ones. */
  credentials: formOptionalText(GATEWAY_LIMITS.credentials),
};

/** Adds a gateway (activated); its code, db code and currency are fixed from then on. */
export const createPaymentGateway = defineCall({
  name: 'createPaymentGateway',
  request: z.object({
    code: codeField(GATEWAY_LIMITS.code),
    dbCode: codeField(GATEWAY_LIMITS.dbCode),
    currency: formCurrency,
    ...gatewaySettings,
  }),
  response: gatewayAdminRow,
  rule: RULES.administrator,
});

/** Changes a gateway's settings; `clearCredentials` = 1 removes the stored credentials. */
export const updatePaymentGateway = defineCall({
  name: 'updatePaymentGateway',
  request: z.object({
    id: formId,
    ...gatewaySettings,
    clearCredentials: z.preprocess(
      (v) => v === '1' || v === 'true' || v === true,
      z.boolean().optional(),
    ),
  }),
  response: gatewayAdminRow,
  rule: RULES.administrator,
});

/** Activates or deactivates a gateway with a reason; an inactive one takes no new pay-ins. */
export const setPaymentGatewayStatus = defineCall({
  name: 'setPaymentGatewayStatus',
  request: z.object({
    id: formId,
    status: z.enum(GATEWAY_STATUSES, { error: 'must be activated or inactive' }),
    reason: reasonField,
  }),
  response: gatewayAdminRow,
  rule: RULES.administrator,
});

/** The slowest a sandbox gateway may be set to answer (milliseconds). */
export const SANDBOX_MAX_LATENCY_MS = 60_000;

/**
 * How a sandbox gateway behaves (issue 43: a test, a benchmark or a demo fails one for a while
 * and watches routing move traffic off it and back): the share of the pay-ins and pay-outs it
 * finishes that it pays (percent; 0 fails them all), how long it takes to answer, whether it
 * refuses every hand-over (an outage: routing's fallback at hand-over takes over), and whether
 * it finishes its pay-ins by itself at that share instead of waiting for a payer. Only a gateway
 * of the sandbox connector; audited with its reason.
 */
export const setSandboxBehaviour = defineCall({
  name: 'setSandboxBehaviour',
  request: z.object({
    id: formId,
    successPercent: percentField,
    latencyMs: formText(6).refine(
      (v) => /^\d{1,5}$/.test(v) && Number(v) <= SANDBOX_MAX_LATENCY_MS,
      { message: `must be whole milliseconds from 0 to ${SANDBOX_MAX_LATENCY_MS}` },
    ),
    refusesHandOvers: formFlag.default(false),
    paysAlone: formFlag.default(false),
    reason: reasonField,
  }),
  response: z.object({
    id: z.string(),
    payment_gateway_code: z.string(),
    ...sandboxBehaviourFields,
  }),
  rule: RULES.administrator,
});

export const DEPOSIT_DIRECTIONS = ['increase', 'decrease'] as const;

/**
 * Moves a gateway's deposit balance by `amount` with a balanced journal (the platform's bank
 * on the other side) and a reason. A decrease may not take the balance below zero.
 */
export const adjustGatewayDeposit = defineCall({
  name: 'adjustGatewayDeposit',
  request: z.object({
    id: formId,
    direction: z.enum(DEPOSIT_DIRECTIONS, { error: 'must be increase or decrease' }),
    amount: formAmountText,
    reason: reasonField,
  }),
  response: z.object({
    gateway: gatewayAdminRow,
    journal_id: z.string(),
    balance_before: z.string(),
    balance_after: z.string(),
  }),
  rule: RULES.administrator,
});

/** One gateway's deposit against its limit (the dashboard's gateway balance table). */
export const gatewayBalanceRow = z.object({
  id: z.string(),
  payment_gateway_name: z.string(),
  payment_gateway_code: z.string(),
  currency: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  pg_deposit_balance: amountText,
  balance_limit: amountText,
  /** Balance as a percent of the limit, 2 decimals, not capped (a gateway can be over). */
  percent: z.string(),
});
export type GatewayBalanceRow = z.infer<typeof gatewayBalanceRow>;

/** /pg-currency-balance: every gateway's deposit, limit and percent used, by currency. */
export const getPgCurrencyBalanceList = defineCall({
  name: 'getPgCurrencyBalanceList',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(['payment_gateway_code', 'currency'] as const),
    direction: listRequest.direction,
    currency: listRequest.currency,
    status: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(GATEWAY_STATUSES, { error: 'must be activated or inactive' }).optional(),
    ),
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(gatewayBalanceRow),
  rule: RULES.administrator,
});
