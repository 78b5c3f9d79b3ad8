import { z } from 'zod';
import { RULES } from '../access';
import { MONEY_JOURNAL_KINDS } from '../money-kinds';
import { defineCall } from './define';
import { amountText, instantText, optionalAmountText } from './list';
import { formCurrency, formId } from './money-fields';
import { reportPageOf, reportRequest } from './report-period';

/**
 * The entries view (issue 44, "every figure opens its entries"; docs/money.md, "Every figure
 * opens its entries"): the journal entries of one owner's ledger accounts in one currency over
 * a period, narrowed to some purposes and journal kinds, with their sum. A money figure on a
 * report or balance screen links here with the filters that make it, so the entries' net is
 * the figure (or, for an outflow shown positive, its negation).
 */

/** Every journal kind the server posts under: the money kinds' and the house's own. */
export const JOURNAL_KINDS: readonly string[] = [
  ...MONEY_JOURNAL_KINDS,
  'gateway_deposit.adjust',
  'reconciliation.write_off',
];

/** The ledger accounts that hold an owner's money, by owner type (docs/money.md). */
export const OWNER_MONEY_PURPOSES = {
  merchant: [
    'available',
    'reserved',
    'payout_available',
    'payout_reserved',
    'disputed',
    'dispute_shortfall',
  ],
  reseller: ['commission', 'commission_reserved'],
} as const;

/**
 * The platform's own ledger accounts, by house owner (docs/money.md): the platform's (fees it
 * earned, its bank, the exchange pool, reconciliation differences) and each gateway's clearing
 * account. Only an administrator with the administrator module opens them.
 */
export const HOUSE_PURPOSES = {
  platform: ['platform_fees', 'bank', 'fx_pool', 'reconciliation_difference'],
  gateway: ['gateway_clearing'],
} as const;

/** Whose accounts the entries view shows: a merchant's or reseller's, the platform's, a gateway's. */
export const ENTRY_OWNER_KINDS = ['account', 'platform', 'gateway'] as const;
export type EntryOwnerKind = (typeof ENTRY_OWNER_KINDS)[number];

/** Every purpose the entries view can show: an owner's money, a USDT wallet, the house's. */
export const ENTRY_PURPOSES = [
  ...OWNER_MONEY_PURPOSES.merchant,
  'usdt_wallet',
  ...OWNER_MONEY_PURPOSES.reseller,
  ...HOUSE_PURPOSES.platform,
  ...HOUSE_PURPOSES.gateway,
] as const;
export type EntryPurpose = (typeof ENTRY_PURPOSES)[number];

/** A comma-separated form field (or a list) of some of `values`, without repeats; empty: none. */
const formChoiceList = <const T extends readonly string[]>(values: T, noun: string) =>
  z.preprocess(
    (v) =>
      v === null || v === undefined
        ? undefined
        : typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
    z
      .array(
        z.string().refine((item) => values.includes(item), {
          error: (issue) => `unknown ${noun}: ${String(issue.input)}`,
        }),
      )
      .max(values.length)
      .transform((list) => [...new Set(list)] as T[number][])
      .optional(),
  );

const { page, pageSize, from, to, timeZone } = reportRequest;

export const ledgerEntriesRequest = z.object({
  page,
  pageSize,
  from,
  to,
  timeZone,
  /**
   * `account` (the default): a merchant or reseller; `platform`: the platform's own accounts
   * (no `ownerId`); `gateway`: the clearing account of the gateway `ownerId`. The house's are
   * an administrator's (the administrator module), refused to everyone else.
   */
  ownerKind: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(ENTRY_OWNER_KINDS).optional(),
  ),
  /** A merchant or reseller in the caller's scope (its own by default), or a gateway. */
  ownerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), formId.optional()),
  currency: formCurrency,
  /** Which of the owner's accounts; none: every account of its money (`OWNER_MONEY_PURPOSES`). */
  purposes: formChoiceList(ENTRY_PURPOSES, 'purpose'),
  /** Which journal kinds; none: every kind. */
  kinds: formChoiceList(JOURNAL_KINDS, 'journal kind'),
});
export type LedgerEntriesRequest = z.input<typeof ledgerEntriesRequest>;

/** One entry, in posting order; its amount on the side it moved (credit: into the account). */
export const entryViewRow = z.object({
  /** The entry's id. */
  id: z.string(),
  posted_at: instantText,
  currency: z.string(),
  purpose: z.string(),
  kind: z.string(),
  ref_type: z.string(),
  ref_id: z.string(),
  debit: optionalAmountText,
  credit: optionalAmountText,
});
export type EntryViewRow = z.infer<typeof entryViewRow>;

/**
 * The sum of every entry the filters match (not the page): credits, debits, `net` = credits −
 * debits. Without a kind filter the accounts' balances too: `opening` at the period's start
 * and `closing` at its end, `opening + net = closing` (else listed in `differences`).
 */
export const entryViewTotals = z.object({
  currency: z.string(),
  entries: z.number().int(),
  credits: amountText,
  debits: amountText,
  net: amountText,
  opening: optionalAmountText,
  closing: optionalAmountText,
});
export type EntryViewTotals = z.infer<typeof entryViewTotals>;

export const getLedgerEntries = defineCall({
  name: 'getLedgerEntries',
  request: ledgerEntriesRequest,
  response: reportPageOf(entryViewRow, entryViewTotals).extend({
    owner: z.object({
      owner_id: z.string(),
      owner_db_code: z.string(),
      owner_name: z.string(),
      owner_type: z.enum(['merchant', 'reseller', 'platform', 'gateway']),
    }),
    purposes: z.array(z.string()),
    kinds: z.array(z.string()),
  }),
  rule: RULES.reports,
});
