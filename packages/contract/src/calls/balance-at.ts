import { z } from 'zod';
import { RULES } from '../access';
import { defineCall } from './define';
import { amountText, instantText } from './list';
import { formDate, formId, formOptionalCurrency } from './money-fields';

/**
 * Balances at a past instant (issue 44; docs/money.md, "Balances at a past instant"): each of
 * an owner's ledger accounts as of `at`, the sum of its entries posted before it, computed from
 * the journal's rollups and the entries of that instant's part-day. It equals the closing of a
 * ledger report whose period ends at that instant. A merchant or reseller asks for its own; an
 * admin or a reseller names `ownerId` (a merchant or reseller in its scope).
 */
export const balanceAtRow = z.object({
  currency: z.string(),
  /** The ledger account's purpose (`available`, `reserved`, `commission`, …: docs/money.md). */
  purpose: z.string(),
  balance: amountText,
});
export type BalanceAtRow = z.infer<typeof balanceAtRow>;

export const getBalancesAt = defineCall({
  name: 'getBalancesAt',
  request: z.object({
    /** The instant (ISO-8601; a bare date is its midnight, UTC); not in the future. */
    at: formDate,
    currency: formOptionalCurrency,
    ownerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), formId.optional()),
  }),
  response: z.object({
    owner_db_code: z.string(),
    owner_name: z.string(),
    at: instantText,
    rows: z.array(balanceAtRow),
  }),
  rule: RULES.reports,
});
