import { z } from 'zod';
import { MODULES } from '../accounts';
import { RULES } from '../access';
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

const username = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[a-z0-9_.-]+$/i, 'may hold letters, digits, dot, dash and underscore only');

/**
 * An admin makes a reseller or a merchant; a reseller makes a merchant under itself.
 * The account must set a new password at its first sign-in.
 */
export const createAccount = defineCall({
  name: 'createAccount',
  request: z.object({
    accountType: z.enum(['reseller', 'merchant'], { error: 'must be reseller or merchant' }),
    email: emailField,
    username,
    name: formText(120),
    phone: formOptionalText(40),
    resellerDbCode: formOptionalText(40),
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
    username,
    name: formText(120),
    modules: z.preprocess(
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
    ),
    temporaryPassword: passwordField,
  }),
  response: accountSummary,
  rule: RULES.subAccounts,
});
