import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest, formFlag, formText } from './define';
import { instantText, optionalInstantText } from './list';
import { formId, formOptionalCurrency } from './money-fields';
import { USDT_NETWORKS } from '../wallet-address';

/** How many live bank accounts a merchant may save for its settlements. */
export const MAX_SETTLEMENT_BANK_ACCOUNTS = 20;

/** A saved bank account's id, optional: missing or empty means none. */
export const formOptionalBankAccountId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  formId.optional(),
);

export const settlementBankAccountRow = z.object({
  id: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  /** The currency the account receives, or null for any. */
  currency: z.string().nullable(),
  is_default: z.boolean(),
  created_at: instantText,
  updated_at: instantText,
});
export type SettlementBankAccountRow = z.infer<typeof settlementBankAccountRow>;

export const settlementWalletRow = z.object({
  network: z.enum(USDT_NETWORKS),
  address: z.string(),
  updated_at: instantText,
});
export type SettlementWalletRow = z.infer<typeof settlementWalletRow>;

/** The merchant's settlement settings: live bank accounts (default first, then oldest) and wallet. */
export const getSettlementSettings = defineCall({
  name: 'getSettlementSettings',
  request: emptyRequest,
  response: z.object({
    bank_accounts: z.array(settlementBankAccountRow),
    wallet: settlementWalletRow.nullable(),
  }),
  rule: RULES.settlementSettings,
});

const bankAccountFields = {
  bankName: formText(120),
  accountNumber: formText(60),
  accountHolder: formText(120),
  currency: formOptionalCurrency,
};

/**
 * Saves a bank account for settlements. The first one saved is the default; `isDefault: 1`
 * makes a later one the default. The same bank and number saved twice is a conflict.
 */
export const addSettlementBankAccount = defineCall({
  name: 'addSettlementBankAccount',
  request: z.object({ ...bankAccountFields, isDefault: formFlag.optional() }),
  response: settlementBankAccountRow,
  rule: RULES.settlementSettings,
});

/** Replaces a saved bank account's details (a missing currency means any currency). */
export const updateSettlementBankAccount = defineCall({
  name: 'updateSettlementBankAccount',
  request: z.object({ id: formId, ...bankAccountFields }),
  response: settlementBankAccountRow,
  rule: RULES.settlementSettings,
});

/** Makes one saved bank account the default; the previous default stops being one. */
export const setDefaultSettlementBankAccount = defineCall({
  name: 'setDefaultSettlementBankAccount',
  request: z.object({ id: formId }),
  response: settlementBankAccountRow,
  rule: RULES.settlementSettings,
});

/**
 * Removes a saved bank account (kept for the record, no longer listed or usable). Removing
 * the default makes the oldest remaining account the default (`default_id`).
 */
export const removeSettlementBankAccount = defineCall({
  name: 'removeSettlementBankAccount',
  request: z.object({ id: formId }),
  response: z.object({
    id: z.string(),
    removed_at: instantText,
    default_id: z.string().nullable(),
  }),
  rule: RULES.settlementSettings,
});

/** Sets (or replaces) the merchant's USDT wallet address; the address must fit its network. */
export const setSettlementWallet = defineCall({
  name: 'setSettlementWallet',
  request: z.object({
    network: z.enum(USDT_NETWORKS, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'is required'
          : `must be one of ${USDT_NETWORKS.join(', ')}`,
    }),
    address: formText(100),
  }),
  response: settlementWalletRow,
  rule: RULES.settlementSettings,
});

/** Removes the merchant's USDT wallet address; `removed_at` is null when none was set. */
export const removeSettlementWallet = defineCall({
  name: 'removeSettlementWallet',
  request: emptyRequest,
  response: z.object({ removed_at: optionalInstantText }),
  rule: RULES.settlementSettings,
});
