import { z } from 'zod';
import { MODULES } from '../accounts';
import { RULES } from '../access';
import { defineCall, passwordField } from './define';
import {
  instantText,
  listPageOf,
  listRequest,
  optionalInstantText,
  sortField,
  SORT_DIRECTIONS,
} from './list';

/**
 * Sub-accounts (issue 11, route /sub-accounts): a caller holding `sub_accounts` manages its own
 * sub-accounts, which act for it with a subset of its modules. `createSubAccount` lives in
 * `calls/accounts.ts`; these calls list, change, disable and reset them. Every id outside the
 * caller's own sub-accounts answers 404.
 */

export const SUB_ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type SubAccountStatus = (typeof SUB_ACCOUNT_STATUSES)[number];

/** The columns the list sorts by on the server. */
export const SUB_ACCOUNT_SORTS = ['created_at', 'username', 'name'] as const;

/** One sub-account as the list shows (and exports) it. */
export const subAccountRow = z.object({
  id: z.string(),
  account_db_code: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  modules: z.array(z.enum(MODULES)),
  status: z.enum(SUB_ACCOUNT_STATUSES),
  must_change_password: z.boolean(),
  otp_enabled: z.boolean(),
  created_at: instantText,
  /** The start of its latest session; null when it never signed in. */
  last_sign_in_at: optionalInstantText,
});
export type SubAccountRow = z.infer<typeof subAccountRow>;

const optionalChoice = <const T extends readonly string[]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/**
 * The caller's sub-accounts. The search box finds one by its exact code, username, email or
 * name; the status filter picks active or disabled ones.
 */
export const getSubAccountList = defineCall({
  name: 'getSubAccountList',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(SUB_ACCOUNT_SORTS),
    direction: optionalChoice(SORT_DIRECTIONS),
    search: listRequest.search,
    status: optionalChoice(SUB_ACCOUNT_STATUSES),
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(subAccountRow),
  rule: RULES.subAccounts,
});

const subAccountId = z.uuid({ error: 'must name a sub-account' });

/** Module names sent as comma-separated text (a form) or as an array (JSON); at least one. */
const moduleChoice = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.enum(MODULES, { error: 'names an unknown module' }))
    .min(1, 'needs at least one module'),
);

/**
 * Replaces a sub-account's modules with a subset of the caller's own (never `sub_accounts`);
 * the sub-account's next call already reads the new set.
 */
export const updateSubAccountModules = defineCall({
  name: 'updateSubAccountModules',
  request: z.object({ id: subAccountId, modules: moduleChoice }),
  response: subAccountRow,
  rule: RULES.subAccounts,
});

/**
 * Disables a sub-account (its sessions are revoked at once and it cannot sign in) or enables
 * it again.
 */
export const setSubAccountStatus = defineCall({
  name: 'setSubAccountStatus',
  request: z.object({
    id: subAccountId,
    status: z.enum(SUB_ACCOUNT_STATUSES, { error: 'must be active or disabled' }),
  }),
  response: subAccountRow,
  rule: RULES.subAccounts,
});

/**
 * Gives a sub-account a new temporary password: its sessions are revoked and it must set a
 * password of its own at its next sign-in.
 */
export const resetSubAccountPassword = defineCall({
  name: 'resetSubAccountPassword',
  request: z.object({ id: subAccountId, temporaryPassword: passwordField }),
  response: subAccountRow,
  rule: RULES.subAccounts,
});
