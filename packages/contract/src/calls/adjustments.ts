import { z } from 'zod';
import { RULES } from '../access';
import {
  ADJUSTMENT_BALANCES,
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_REASONS,
  ADJUSTMENT_STATUSES,
  ADJUSTMENT_KIND,
} from '../money-kinds/adjustment';
import { bulkDecisionCall } from './approvals';
import { defineCall, formFlag, formOptionalText, formText } from './define';
import { amountText, instantText, kindListRequest, listPageOf, optionalInstantText } from './list';
import {
  decisionCall,
  decisionRowFields,
  formAmountText,
  formCurrency,
  formRequestKey,
  rejectionCall,
} from './money-fields';

const formChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** An adjustment as the lists show it; `amount` is a decimal string, always positive. */
export const adjustmentRow = z.object({
  id: z.string(),
  owner_db_code: z.string(),
  owner_name: z.string(),
  owner_type: z.enum(['merchant', 'reseller']),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  balance: z.enum(ADJUSTMENT_BALANCES),
  currency: z.string(),
  amount: amountText,
  /** `amount` with its direction's sign (a debit's negative): what the list's totals add. */
  signed_amount: amountText,
  reason_code: z.enum(ADJUSTMENT_REASONS),
  note: z.string(),
  /** The transaction it corrects, when one is named (a pay-in's, a pay-out's… id). */
  related_id: z.string().nullable(),
  status: z.enum(ADJUSTMENT_STATUSES),
  created_at: instantText,
  updated_at: instantText,
  decided_at: optionalInstantText,
  ...decisionRowFields,
});
export type AdjustmentRow = z.infer<typeof adjustmentRow>;

/** Adjustments (admins with the administrator module); `pendingOnly` lists those awaiting approval. */
export const getAdjustmentList = defineCall({
  name: 'getAdjustmentList',
  request: z.object({
    ...kindListRequest(ADJUSTMENT_KIND, ADJUSTMENT_STATUSES),
    pendingOnly: formFlag.optional(),
  }),
  response: listPageOf(adjustmentRow),
  rule: RULES.administrator,
});

/** The most characters each text field of `createAdjustment` takes (the form's boxes too). */
export const ADJUSTMENT_TEXT_LIMITS = { ownerDbCode: 40, note: 300, relatedId: 64 } as const;

/**
 * An admin asks for an adjustment of an owner's balance: nothing moves until other admins
 * approve it. A debit that would take the balance below zero is refused (here and again on
 * approval, under the balance's lock).
 */
export const createAdjustment = defineCall({
  name: 'createAdjustment',
  request: z.object({
    ownerDbCode: formText(ADJUSTMENT_TEXT_LIMITS.ownerDbCode),
    direction: formChoice(ADJUSTMENT_DIRECTIONS),
    balance: formChoice(ADJUSTMENT_BALANCES),
    currency: formCurrency,
    amount: formAmountText,
    reasonCode: formChoice(ADJUSTMENT_REASONS),
    note: formText(ADJUSTMENT_TEXT_LIMITS.note),
    relatedId: formOptionalText(ADJUSTMENT_TEXT_LIMITS.relatedId),
    requestKey: formRequestKey,
  }),
  response: adjustmentRow,
  rule: RULES.administrator,
});

/** Another admin approves an adjustment; the last approval it needs moves the money. */
export const approveAdjustment = decisionCall('approveAdjustment', RULES.administrator);
/** An admin rejects an adjustment with a reason code and note: nothing moves. */
export const rejectAdjustment = rejectionCall('rejectAdjustment', RULES.administrator);
export const decideAdjustments = bulkDecisionCall('decideAdjustments', RULES.administrator);

/**
 * An adjustment as the merchant API answers it (GET /api/v1/adjustments): the list row's facts
 * of the adjustment itself, without the owner (the caller) and the approvals.
 */
export const apiAdjustment = adjustmentRow.pick({
  id: true,
  direction: true,
  balance: true,
  currency: true,
  amount: true,
  reason_code: true,
  note: true,
  related_id: true,
  status: true,
  created_at: true,
  decided_at: true,
});
