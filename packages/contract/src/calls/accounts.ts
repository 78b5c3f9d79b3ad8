import { z } from 'zod';
import { MODULES } from '../accounts';
import { RULES } from '../access';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '../money';
import { defineCall, emailField, formOptionalText, formText, passwordField } from './define';

export const accountSummary = z.object({
  id: z.string(),
  account_db_code: z.string(),
  account_type: z.enum(['admin', 'reseller', 'merchant']),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  parent_account_db_code: z.string(),
  reseller_db_code: z.string(),
  modules: z.array(z.enum(MODULES)),
  must_change_password: z.boolean(),
  created_at: z.string(),
});

export const usernameField = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[a-z0-9_.-]+$/i, 'may hold letters, digits, dot, dash and underscore only');

/** A list field sent as comma-separated text (a form) or as an array (JSON). */
const formList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : v;

/** Module names, each one the product knows. */
export const formModules = z.preprocess(
  formList,
  z.array(z.enum(MODULES, { error: 'names an unknown module' })),
);

/** Currency codes an account works in, each one the product knows; none is allowed. */
export const formCurrencies = z.preprocess(
  (v) => (v === undefined || v === null ? [] : formList(v)),
  z.array(
    z
      .string()
      .refine(isCurrencyCode, {
        message: `names an unknown currency (known: ${CURRENCIES.map((c) => c.code).join(', ')})`,
      })
      .transform((c) => c as CurrencyCode),
  ),
);

/** A telegram contact (a @name or a t.me link), optional. */
export const telegramField = formOptionalText(120);

/**
 * An admin makes a reseller or a merchant; a reseller makes a merchant under itself.
 * The account must set a new password at its first sign-in.
 */
export const createAccount = defineCall({
  name: 'createAccount',
  request: z.object({
    accountType: z.enum(['reseller', 'merchant'], { error: 'must be reseller or merchant' }),
    email: emailField,
    username: usernameField,
    name: formText(120),
    phone: formOptionalText(40),
    telegram: telegramField,
    resellerDbCode: formOptionalText(40),
    /** Missing: the type's default modules. */
    modules: formModules.optional(),
    currencies: formCurrencies,
    temporaryPassword: passwordField,
  }),
  response: accountSummary,
  rule: RULES.accountManagementNotMerchant,
});

/** A sub-account acts for its parent with a subset of the parent's modules. */
export const createSubAccount = defineCall({
  name: 'createSubAccount',
  request: z.object({
    email: emailField,
    username: usernameField,
    name: formText(120),
    modules: formModules.refine((m) => m.length > 0, 'needs at least one module'),
    temporaryPassword: passwordField,
  }),
  response: accountSummary,
  rule: RULES.subAccounts,
});
