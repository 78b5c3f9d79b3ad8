import { z } from 'zod';
import { RULES } from '../access';
import { statementPeriodOf } from '../statement-period';
import { defineCall, emptyRequest } from './define';
import { amountText, instantText, optionalAmountText } from './list';
import { formId } from './money-fields';
import { reportPageOf, reportRequest } from './report-period';

/**
 * Ledger and statement reports (issue 12): the entries of one ledger account over a period
 * with a running balance (a merchant contract's `available` account, a reseller's `commission`,
 * a merchant's `usdt_wallet`) and a merchant's statement per currency. Every answer reconciles:
 * opening + credits − debits = closing, closing = the ledger balance at the period's end; a
 * mismatch is listed in `differences`.
 */

/** The list fields a ledger report takes: the page and the period (no other list filter applies). */
const { page, pageSize, from, to, timeZone, currency } = reportRequest;
const ledgerRequest = { page, pageSize, from, to, timeZone };

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), formId.optional());

/** One entry of a ledger account, in posting order, with the balance after it. */
export const ledgerEntryRow = z.object({
  entry_id: z.string(),
  posted_at: instantText,
  currency: z.string(),
  /** The journal's kind (`payin.success`, `settlement.reserve`, …). */
  kind: z.string(),
  ref_type: z.string(),
  ref_id: z.string(),
  /** The tenant whose event it is (a merchant, or the reseller for a withdrawal). */
  owner_db_code: z.string(),
  debit: optionalAmountText,
  credit: optionalAmountText,
  balance: amountText,
});
export type LedgerEntryRow = z.infer<typeof ledgerEntryRow>;

/** A ledger's figures over the period (one row: the account's currency). */
export const ledgerTotalsRow = z.object({
  currency: z.string(),
  opening: amountText,
  credits: amountText,
  debits: amountText,
  closing: amountText,
  /**
   * The owner's reserved account beside this one at the period's end (a commission ledger:
   * `commission_reserved`, held for pending withdrawals), and `total` = closing + reserved, the
   * closing of the balance settlement report; null for a ledger without one.
   */
  reserved: optionalAmountText,
  total: optionalAmountText,
  entries: z.number().int(),
});

/** Whose ledger the answer shows. */
export const ledgerHeader = z.object({
  ledger_account_id: z.string(),
  purpose: z.string(),
  owner_db_code: z.string(),
  owner_name: z.string(),
  currency: z.string(),
});

const ledgerPage = reportPageOf(ledgerEntryRow, ledgerTotalsRow).extend({ ledger: ledgerHeader });

/** The contracts a caller may open a ledger of: one per merchant and currency. */
export const ledgerContractChoice = z.object({
  contract_id: z.string(),
  merchant_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  reseller_id: z.string().nullable(),
  reseller_db_code: z.string().nullable(),
  currency: z.string(),
});

export const getLedgerContracts = defineCall({
  name: 'getLedgerContracts',
  request: emptyRequest,
  response: z.object({ rows: z.array(ledgerContractChoice) }),
  rule: RULES.reports,
});

/** `/contract-acc-ledger?cid=` or `/{id}`: the merchant's `available` account of the contract's currency. */
export const getContractLedger = defineCall({
  name: 'getContractLedger',
  request: z.object({ ...ledgerRequest, contractId: formId }),
  response: ledgerPage,
  rule: RULES.reports,
});

/**
 * `/reseller-contract-acc-ledger?rid=&cid=` or `/{id}`: a reseller's `commission` account in the
 * contract's currency; the reseller is `resellerId` or else the contract merchant's reseller.
 */
export const getResellerContractLedger = defineCall({
  name: 'getResellerContractLedger',
  request: z.object({ ...ledgerRequest, contractId: formId, resellerId: optionalId }),
  response: ledgerPage,
  rule: RULES.reportsNotMerchant,
});

/** `/usdt-wallet-balance-settlement`: a merchant's `usdt_wallet` account (a merchant: its own). */
export const getUsdtWalletLedger = defineCall({
  name: 'getUsdtWalletLedger',
  request: z.object({ ...ledgerRequest, merchantId: optionalId }),
  response: ledgerPage,
  rule: RULES.reports,
});

/** `/reseller-earning-statement`: the reseller's commission account (a reseller: its own). */
export const getResellerEarningStatement = defineCall({
  name: 'getResellerEarningStatement',
  request: z.object({ ...ledgerRequest, currency, resellerId: optionalId }),
  response: ledgerPage,
  rule: RULES.reportsAdminOrReseller,
});

/**
 * A verifiable statement (issue 44; docs/money.md, "A statement the merchant can verify"): the
 * owner's accounts in one currency for UTC days `from`..`to` with the proofs that tie them to
 * the platform's signed daily seals, as `GET /api/v1/statements` serves it; checked offline by
 * tools/statement-verifier. A merchant or reseller asks for its own; an admin names `ownerId`.
 * 409 while the period's last day is not sealed.
 */
export const getVerifiableStatement = defineCall({
  name: 'getVerifiableStatement',
  request: statementPeriodOf({ ownerId: optionalId }),
  response: z.object({
    owner_db_code: z.string(),
    owner_name: z.string(),
    statement: z.record(z.string(), z.unknown()),
  }),
  rule: RULES.reports,
});

/** The merchant statement's movement columns, in display order (one list for all). */
export const MERCHANT_STATEMENT_MOVEMENTS = [
  'payins',
  'payouts',
  'settlements',
  'top_ups',
  'refunds',
  'disputes',
  'adjustments',
] as const;
export type MerchantStatementMovement = (typeof MERCHANT_STATEMENT_MOVEMENTS)[number];

/**
 * A merchant's statement per currency: its money at the platform (`available`, `reserved`,
 * `payout_available`, `payout_reserved`, and its disputes' `disputed` and `dispute_shortfall`)
 * at the period's start and end, and what moved it, by journal kind: pay-ins (net of fees),
 * pay-outs, settlements (bank and USDT wallet), top-ups, refunds (with their fees, net of pay-in
 * fees given back), disputes (lost disputes' amount and fee, and the fee the gateway kept on a
 * won one) and adjustments (any other kind). Reservations and dispute holds move money between
 * these accounts and count in their lifecycle's column (a pending reservation or an open
 * dispute shows as zero net).
 */
export const merchantStatementRow = z.object({
  currency: z.string(),
  opening: amountText,
  ...(Object.fromEntries(MERCHANT_STATEMENT_MOVEMENTS.map((c) => [c, amountText])) as Record<
    MerchantStatementMovement,
    typeof amountText
  >),
  closing: amountText,
});
export type MerchantStatementRow = z.infer<typeof merchantStatementRow>;

export const getMerchantStatement = defineCall({
  name: 'getMerchantStatement',
  request: z.object({ ...ledgerRequest, currency, merchantId: formId }),
  response: reportPageOf(merchantStatementRow, merchantStatementRow).extend({
    merchant: z.object({ merchant_db_code: z.string(), merchant_name: z.string() }),
  }),
  rule: RULES.reportsNotMerchant,
});
