import { z } from 'zod';
import { MODULES } from '../accounts';
import { RULES } from '../access';
import { defineCall, emailField, formOptionalText, formText } from './define';
import { formCurrencies, formModules, telegramField } from './accounts';
import {
  amountText,
  instantText,
  listPageOf,
  listRequest,
  optionalInstantText,
  sortField,
} from './list';

/**
 * Account management (issue 11): the resellers an admin manages and the merchants in the
 * caller's scope (an admin all, a reseller its own). Every write is confirmed on screen,
 * scoped on the server (an account outside the scope is not found) and admin-logged.
 */

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The columns the account lists sort by on the server. */
export const ACCOUNT_LIST_SORTS = ['created_at', 'name', 'account_db_code'] as const;

/** One reseller or merchant as the lists, the detail and every write answer it. */
export const managedAccountRow = z.object({
  id: z.string(),
  account_db_code: z.string(),
  account_type: z.enum(['reseller', 'merchant']),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  telegram_id: z.string(),
  /** A merchant's reseller ('' for a reseller or a merchant directly under the platform). */
  reseller_db_code: z.string(),
  reseller_name: z.string(),
  modules: z.array(z.enum(MODULES)),
  /** The currencies it was given (what the edit form sends back). */
  currencies: z.array(z.string()),
  /**
   * The currencies its contracts trade in (issue 40: a merchant trading in three showed "—"),
   * read from its contracts, never stored as given.
   */
  contract_currencies: z.array(z.string()),
  status: z.enum(ACCOUNT_STATUSES),
  otp_enabled: z.boolean(),
  must_change_password: z.boolean(),
  /** A reseller's merchants (0 for a merchant). */
  merchants_count: z.number().int(),
  created_at: instantText,
  last_sign_in_at: optionalInstantText,
});
export type ManagedAccountRow = z.infer<typeof managedAccountRow>;

/**
 * The account lists' own request: page, sort, one search box (part of a name, email, username
 * or code), the status tab and the created-date range.
 */
const accountListRequest = {
  page: listRequest.page,
  pageSize: listRequest.pageSize,
  sort: sortField(ACCOUNT_LIST_SORTS),
  direction: listRequest.direction,
  search: listRequest.search,
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(ACCOUNT_STATUSES, { error: 'must be active or disabled' }).optional(),
  ),
  from: listRequest.from,
  to: listRequest.to,
  timeZone: listRequest.timeZone,
};

/** /reseller: every reseller (admins only). */
export const getResellerList = defineCall({
  name: 'getResellerList',
  request: z.object(accountListRequest),
  response: listPageOf(managedAccountRow),
  rule: RULES.accountManagementNotMerchant,
});

/**
 * /merchants and /merchants/from-reseller={id}: the merchants in scope; `resellerDbCode`
 * narrows to one reseller's (a reseller may name only itself).
 */
export const getMerchantList = defineCall({
  name: 'getMerchantList',
  request: z.object({ ...accountListRequest, resellerDbCode: listRequest.resellerDbCode }),
  response: listPageOf(managedAccountRow),
  rule: RULES.accountManagementNotMerchant,
});

const accountCode = formText(40);

/** Changes a reseller's or merchant's profile, modules and currencies (every field is sent). */
export const updateAccount = defineCall({
  name: 'updateAccount',
  request: z.object({
    accountDbCode: accountCode,
    name: formText(120),
    email: emailField,
    phone: formOptionalText(40),
    telegram: telegramField,
    modules: formModules.refine((m) => m.length > 0, 'needs at least one module'),
    currencies: formCurrencies,
  }),
  response: managedAccountRow,
  rule: RULES.accountManagementNotMerchant,
});

/** Disables an account (its sessions end at once, its sign-in is refused) or enables it again. */
export const setAccountStatus = defineCall({
  name: 'setAccountStatus',
  request: z.object({
    accountDbCode: accountCode,
    status: z.enum(ACCOUNT_STATUSES, { error: 'must be active or disabled' }),
  }),
  response: managedAccountRow,
  rule: RULES.accountManagementNotMerchant,
});

/** Turns an account's 2FA off, so it sets it up again at its next sign-in. */
export const resetAccountOtp = defineCall({
  name: 'resetAccountOtp',
  request: z.object({ accountDbCode: accountCode }),
  response: managedAccountRow,
  rule: RULES.accountManagementNotMerchant,
});

/**
 * A reseller's commission balances in one currency (exact decimal strings): `commission`
 * (available to withdraw), `commission_reserved` (held for pending withdrawals), `total` (their
 * sum, the balance settlement report's closing) and what it earned and withdrew this UTC month;
 * `available` is its own `available` account (not commission; zero unless adjusted).
 */
export const resellerBalanceRow = z.object({
  currency: z.string(),
  commission: amountText,
  commission_reserved: amountText,
  total: amountText,
  earned_this_month: amountText,
  withdrawn_this_month: amountText,
  available: amountText,
});

/** The reseller's rates on one line of one of its merchants' contracts. */
export const resellerContractLine = z.object({
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  currency: z.string(),
  gateway_code: z.string(),
  version: z.number().int(),
  effective_from: instantText,
  /** Percent with 4 decimals and fixed amount in major units. */
  payin_percent: z.string(),
  payin_fixed: amountText,
  payout_percent: z.string(),
  payout_fixed: amountText,
  settlement_percent: z.string(),
  settlement_fixed: amountText,
});

/** One admin-log entry about the reseller or one of its merchants. */
export const accountActivityRow = z.object({
  id: z.string(),
  created_at: instantText,
  actor_username: z.string(),
  action: z.string(),
  target_db_code: z.string(),
  outcome: z.string(),
});

/** Most recent activity entries the detail shows. */
export const RESELLER_ACTIVITY_LIMIT = 20;

/** /reseller/{id}: one reseller whole (admins only). */
export const getResellerDetail = defineCall({
  name: 'getResellerDetail',
  request: z.object({ resellerDbCode: accountCode }),
  response: z.object({
    reseller: managedAccountRow,
    balances: z.array(resellerBalanceRow),
    contracts: z.array(resellerContractLine),
    activity: z.array(accountActivityRow),
  }),
  rule: RULES.accountManagementNotMerchant,
});
