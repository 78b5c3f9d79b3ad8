import { z } from 'zod';
import { RULES, type AccessRule } from '../access';
import { defineCall, emptyRequest, formInt, formOptionalText, formText } from './define';
import { amountText } from './list';
import { formAmountText, formId, formOptionalCurrency, formReasonCode } from './money-fields';
import { settingChangeRow, USDT_RATE_BAND_BOUNDS } from './setting-changes';

/** The most hours an undecided request may wait (one year); the default is 72. */
export const MAX_APPROVAL_EXPIRY_HOURS = 8_760;
/** The most items one bulk decision takes. */
export const MAX_BULK_DECISION_ITEMS = 200;

/** The maker-checker settings: when a money-out needs two approvers, when a request expires. */
export const approvalSettings = z.object({
  /** Hours a request may wait for a decision before it is rejected (reason `expired`). */
  expiry_hours: z.number().int(),
  /**
   * Per currency: money-outs of at least `min_amount` need two distinct approvers;
   * `is_default` when no admin has set it (0: every amount needs two).
   */
  thresholds: z.array(
    z.object({ currency: z.string(), min_amount: amountText, is_default: z.boolean() }),
  ),
  /** ± percent of the rate in force within which a USDT rate change applies at once (10). */
  usdt_rate_band_percent: z.number().int(),
});
export type ApprovalSettings = z.infer<typeof approvalSettings>;

/**
 * How many distinct people must approve an item of a kind without approval tiers, for the
 * screens that say it before asking (a balance adjustment's confirm step): two for a money-out
 * at or above its currency's two-approver `threshold` (minor units), else one, and never fewer
 * than the `least` its own row asks (a large adjustment debit's three). The server decides by
 * its SQL twin `requiredApprovalsSql`, which also reads the tiers of pay-outs, settlements and
 * withdrawals (docs/money.md): their screens show the row's `approvals_required`.
 */
export const approvalsRequired = (
  isMoneyOut: boolean,
  amount: bigint,
  threshold: bigint,
  least: number,
): number => Math.max(isMoneyOut && amount >= threshold ? 2 : 1, least);

/** The maker-checker settings, for admins (the decision screens say "1 of 2"). */
export const getApprovalSettings = defineCall({
  name: 'getApprovalSettings',
  request: emptyRequest,
  response: approvalSettings,
  rule: RULES.adminOnly,
});

const optionalField = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), field.optional());

/**
 * Asks to change the expiry hours, one currency's two-approver threshold (major units, "0" for
 * every amount) and/or the USDT rate band. None applies at once: each waits for a second admin
 * (`pending_changes`, one per setting; docs/security.md, Guarded settings), with the `reason`
 * the second admin reads (required, as every maker-checker request's), written to the admin
 * log. Answers the settings still in force and the changes waiting.
 */
export const setApprovalSettings = defineCall({
  name: 'setApprovalSettings',
  request: z
    .object({
      expiryHours: optionalField(formInt(1, MAX_APPROVAL_EXPIRY_HOURS)),
      currency: formOptionalCurrency,
      minAmount: optionalField(formAmountText),
      usdtRateBandPercent: optionalField(formInt(...USDT_RATE_BAND_BOUNDS)),
      reason: formText(300),
    })
    .superRefine((v, ctx) => {
      if (v.currency !== undefined && v.minAmount === undefined)
        ctx.addIssue({ code: 'custom', path: ['minAmount'], message: 'is required with currency' });
      if (v.minAmount !== undefined && v.currency === undefined)
        ctx.addIssue({ code: 'custom', path: ['currency'], message: 'is required with minAmount' });
      if (
        v.expiryHours === undefined &&
        v.currency === undefined &&
        v.minAmount === undefined &&
        v.usdtRateBandPercent === undefined
      )
        ctx.addIssue({
          code: 'custom',
          path: ['expiryHours'],
          message: 'or currency and minAmount, or usdtRateBandPercent are required',
        });
    }),
  response: approvalSettings.extend({ pending_changes: z.array(settingChangeRow) }),
  rule: RULES.administrator,
});

/** A reason a request can be rejected with; `is_system` ones (expiry) cannot be picked. */
export const rejectReasonRow = z.object({
  code: z.string(),
  label: z.string(),
  is_system: z.boolean(),
});
export type RejectReasonRow = z.infer<typeof rejectReasonRow>;

/**
 * Every reject reason, for the reject dialog and for labelling a rejected row's code (the
 * requester sees the code too, so any signed-in user may read the list).
 */
export const getRejectReasons = defineCall({
  name: 'getRejectReasons',
  request: emptyRequest,
  response: z.object({ rows: z.array(rejectReasonRow) }),
  rule: RULES.anyUser,
});

/** An admin adds a reject reason (a new code; an existing one is a conflict). */
export const addRejectReason = defineCall({
  name: 'addRejectReason',
  request: z.object({
    code: formReasonCode.refine((v) => /^[a-z][a-z0-9_]{1,59}$/.test(v), {
      message: 'must be 2 to 60 lower-case letters, digits or _, starting with a letter',
    }),
    label: formText(120),
  }),
  response: rejectReasonRow,
  rule: RULES.administrator,
});

/** Ids sent as a comma-separated form field (or a list), each an id, without repeats. */
const formIdList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(formId)
    .min(1, 'needs at least one id')
    .max(MAX_BULK_DECISION_ITEMS, `takes at most ${MAX_BULK_DECISION_ITEMS} ids`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

/** Approve or reject several items of one kind; a rejection needs its reason code and note. */
export const bulkDecisionRequest = z
  .object({
    ids: formIdList,
    decision: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
    reasonCode: formOptionalText(60),
    note: formOptionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'reject') return;
    if (v.reasonCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'is required to reject' });
    if (v.note === undefined)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required to reject' });
  });

/**
 * One answer per item, in the order asked: `ok` with the status (and approvals) it now has,
 * or the reason it was not decided; one item failing never stops the others.
 */
export const bulkDecisionResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      status: z.string().optional(),
      approvals: z.number().int().optional(),
      approvals_required: z.number().int().optional(),
      message: z.string().optional(),
    }),
  ),
});

export const bulkDecisionCall = (name: string, rule: AccessRule) =>
  defineCall({ name, request: bulkDecisionRequest, response: bulkDecisionResponse, rule });

/** Bulk decisions of each queue: every item in its own transaction, exactly as one at a time. */
export const decidePayouts = bulkDecisionCall('decidePayouts', RULES.payoutAdmin);
export const decideSettlements = bulkDecisionCall(
  'decideSettlements',
  RULES.settlementsOrWithdrawal,
);
export const decideSettlementWallets = bulkDecisionCall(
  'decideSettlementWallets',
  RULES.settlementsOrWithdrawal,
);
export const decideWithdrawals = bulkDecisionCall('decideWithdrawals', RULES.withdrawalNotMerchant);
export const decideTopUps = bulkDecisionCall('decideTopUps', RULES.topUpAdmin);
