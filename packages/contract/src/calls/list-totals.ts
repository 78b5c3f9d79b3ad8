import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, type CallDef } from './define';
import { amountText, cellKindOf, optionalAmountText } from './list';

/**
 * Totals of a list's filtered set, across all its pages: `getListTotals` with `call` (a list
 * call's name) and that call's own fields, as the export path takes them. The server checks
 * the list call's rule and request schema as if it were called (its page, size and sort are
 * read and ignored), applies the list's filters and scope, and answers per currency: how many
 * rows, and the exact sums of their amount, fee and net amount (null when the list's rows have
 * no such field) and of their fee's split (where the rows keep it, its parts the viewer sees)
 * as decimal strings in the currency's scale; the fee net of any fee the rows
 * gave back (`listFeesAreNet`); the amount signed where the rows move money either way
 * (`listTotalsAreSigned`).
 */
export const LIST_TOTALS_CALL = 'getListTotals';

/**
 * Rows the server reads one by one, at most: under a filter the daily rollups can't answer (an
 * amount range, a flag of the call's own), when the rollups count more rows than this for the
 * other filters, or more than this match, the answer is `capped: true` with no totals rather
 * than a read of seconds (docs/api-conventions.md).
 */
export const LIST_TOTALS_ROW_CAP = 100_000;

/**
 * How the fees of a list's filtered set were split (`FEE_SPLIT_PARTS`), where its rows keep the
 * split (pay-ins, pay-outs, settlements): the figures of the profit reports' fee-split cells.
 * A part the viewer may not see (`feeSplitPartsSeenBy`) is null.
 */
export const feeSplitTotals = z.object({
  gateway_cost: optionalAmountText,
  reseller_commission: optionalAmountText,
  platform_profit: optionalAmountText,
});
export type FeeSplitTotals = z.infer<typeof feeSplitTotals>;

/** One currency's totals of a list's filtered set. */
export const currencyTotals = z.object({
  currency: z.string(),
  count: z.number().int(),
  amount: amountText,
  fee: optionalAmountText,
  net_amount: optionalAmountText,
  /** Null when the list's rows keep no fee split. */
  fee_split: feeSplitTotals.nullable(),
});
export type CurrencyTotals = z.infer<typeof currencyTotals>;

export const getListTotals = defineCall({
  name: LIST_TOTALS_CALL,
  // The named list call's fields ride along; the server reads them with that call's schema.
  request: z.looseObject({
    call: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  }),
  response: z.object({
    /** One entry per currency with matching rows, in currency order; empty when capped. */
    totals: z.array(currencyTotals),
    /** More than `LIST_TOTALS_ROW_CAP` rows would have been read one by one. */
    capped: z.boolean(),
  }),
  // Anyone signed in may ask; the named list call's own rule is then checked.
  rule: RULES.anyUser,
});

/** The fields of a list call's rows (undefined for a call that answers no rows). */
function rowShapeOf(def: CallDef) {
  const rows = (def.response as z.ZodObject).shape?.rows as z.ZodArray<z.ZodObject> | undefined;
  return rows?.element?.shape;
}

/** Whether a list call has totals: its rows carry a `currency` and an exact `amount`. */
export function hasListTotals(def: CallDef): boolean {
  const shape = rowShapeOf(def);
  return Boolean(shape?.currency && shape.amount && cellKindOf(shape.amount) === 'amount');
}

/**
 * Whether a list's fee total is net of the fees its rows gave back, as its row schema declares
 * (`feeNetOf`): refunds that returned part of their pay-in's fee add up `fee − fee_returned`,
 * the figure the rollups, the reports and the journal keep; the strip says "net fees" for them.
 */
export function listFeesAreNet(def: CallDef): boolean {
  return Boolean(rowShapeOf(def)?.fee?.meta()?.totalsNetOf);
}

/**
 * Whether a list's rows move money either way (a balance adjustment's credit or debit): they
 * carry `signed_amount` beside `amount` (credits plus, debits minus), and their totals' `amount`
 * adds that one, so the strip says "credits − debits" and a sum of the export's `signed_amount`
 * column is the same figure.
 */
export function listTotalsAreSigned(def: CallDef): boolean {
  const signed = rowShapeOf(def)?.signed_amount;
  return Boolean(signed && cellKindOf(signed) === 'amount');
}
