import { randomUUID } from 'node:crypto';
import {
  MAX_SETTLEMENT_BANK_ACCOUNTS,
  type SettlementBankAccountRow,
  type SettlementWalletRow,
  type UsdtNetwork,
  walletAddressProblem,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, conflict, notFound } from '../../core/app-error';
import {
  changeMerchantSettings,
  recordSettingsChange,
  type SettingsChangeResult,
  type SettingsContext,
} from '../merchant-settings/settings-change';
import {
  deleteWallet,
  findBankAccount,
  findBankAccounts,
  findWallet,
  insertBankAccount,
  lockMerchantSettings,
  markBankAccountRemoved,
  markDefaultBankAccount,
  updateBankAccount,
  upsertWallet,
  type BankAccountDetails,
  type BankAccountRecord,
  type WalletRecord,
} from './settlement-settings.queries';

/** A saved bank account as the calls answer it. */
const viewBankAccount = (b: BankAccountRecord): SettlementBankAccountRow => ({
  id: b.id,
  bank_name: b.bank_name,
  account_number: b.account_number,
  account_holder: b.account_holder,
  currency: b.currency,
  is_default: b.is_default,
  created_at: b.created_at.toISOString(),
  updated_at: b.updated_at.toISOString(),
});

/** The wallet as the calls answer it. */
const viewWallet = (w: WalletRecord): SettlementWalletRow => ({
  network: w.network,
  address: w.address,
  updated_at: w.updated_at.toISOString(),
});

/** What the admin log keeps of a bank account (before / after). */
const logged = (b: BankAccountRecord) => ({
  bank_name: b.bank_name,
  account_number: b.account_number,
  account_holder: b.account_holder,
  currency: b.currency,
  is_default: b.is_default,
});

/**
 * Runs one change of the signed-in merchant's settlement settings in a transaction that
 * holds its settings (changes of one merchant queue), with the admin log entry and the
 * security alert the change returns, so they exist exactly when the change does.
 */
function changeSettings<T>(
  ctx: SettingsContext,
  change: (tx: Queryable, merchantId: string, at: Date) => Promise<SettingsChangeResult<T>>,
): Promise<T> {
  return changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    await lockMerchantSettings(tx, merchantId);
    return change(tx, merchantId, at);
  });
}

/** How an alert mail names a bank account: its bank and the last digits of its number. */
const accountLabel = (b: Pick<BankAccountRecord, 'bank_name' | 'account_number'>) =>
  `${b.bank_name} ····${b.account_number.slice(-4)}`;

const BANK_ACCOUNT = 'settlement_bank_account';
const WALLET = 'settlement_wallet';

async function liveAccountOrNotFound(tx: Queryable, merchantId: string, id: string) {
  const found = await findBankAccount(tx, merchantId, id);
  if (!found) throw notFound('No saved bank account of this merchant has this id');
  return found;
}

/** Refuses details that another live account of the merchant already has (bank and number). */
function refuseDuplicate(
  accounts: readonly BankAccountRecord[],
  details: BankAccountDetails,
  exceptId?: string,
) {
  const same = accounts.find(
    (a) =>
      a.id !== exceptId &&
      a.bank_name === details.bankName &&
      a.account_number === details.accountNumber,
  );
  if (same) throw conflict('accountNumber is already saved for this bank');
}

/** The merchant's settlement settings: live bank accounts (default first) and its wallet. */
export async function readSettlementSettings(db: Queryable, merchantId: string) {
  const [accounts, wallet] = await Promise.all([
    findBankAccounts(db, merchantId),
    findWallet(db, merchantId),
  ]);
  return { bank_accounts: accounts.map(viewBankAccount), wallet: wallet && viewWallet(wallet) };
}

/** Saves a new bank account of the merchant (the first is the default), with its log and alert. */
async function addAccountIn(
  tx: Queryable,
  merchantId: string,
  details: BankAccountDetails & { isDefault: boolean },
  at: Date,
): Promise<SettingsChangeResult<SettlementBankAccountRow>> {
  const accounts = await findBankAccounts(tx, merchantId);
  if (accounts.length >= MAX_SETTLEMENT_BANK_ACCOUNTS)
    throw conflict(`A merchant can save at most ${MAX_SETTLEMENT_BANK_ACCOUNTS} bank accounts`);
  refuseDuplicate(accounts, details);
  const isDefault = details.isDefault || accounts.length === 0;
  const id = randomUUID();
  if (isDefault) await markDefaultBankAccount(tx, merchantId, null, at);
  const saved = await insertBankAccount(tx, { ...details, id, merchantId, isDefault, at });
  return {
    answer: viewBankAccount(saved),
    log: {
      action: 'settlement_setting.bank_account.add',
      targetType: BANK_ACCOUNT,
      targetId: id,
      before: null,
      after: logged(saved),
    },
    alert: { alert: 'settlement_account_added', keyName: accountLabel(saved) },
  };
}

/**
 * Saves a bank account for the merchant's settlements: the first is the default, a later one
 * only when asked. At most `MAX_SETTLEMENT_BANK_ACCOUNTS` live ones; no duplicates.
 */
export function addBankAccount(
  ctx: SettingsContext,
  details: BankAccountDetails & { isDefault: boolean },
) {
  return changeSettings(ctx, (tx, merchantId, at) => addAccountIn(tx, merchantId, details, at));
}

/**
 * Saves the details a settlement request typed as a bank account ("save this account"), in
 * the request's transaction, logged and alerted as any added account. Details already saved
 * (same bank and number) are kept as they are; a full address book is a conflict.
 */
export async function saveRequestedAccount(
  tx: Queryable,
  ctx: SettingsContext,
  details: BankAccountDetails,
): Promise<void> {
  const merchantId = ctx.actor.scopeAccountId;
  await lockMerchantSettings(tx, merchantId);
  const accounts = await findBankAccounts(tx, merchantId);
  const same = accounts.some(
    (a) => a.bank_name === details.bankName && a.account_number === details.accountNumber,
  );
  if (same) return;
  const at = new Date();
  await recordSettingsChange(
    tx,
    ctx,
    at,
    await addAccountIn(tx, merchantId, { ...details, isDefault: false }, at),
  );
}

/** Replaces the details of one of the merchant's live bank accounts (its default flag stays). */
export function editBankAccount(ctx: SettingsContext, id: string, details: BankAccountDetails) {
  return changeSettings(ctx, async (tx, merchantId, at) => {
    const before = await liveAccountOrNotFound(tx, merchantId, id);
    refuseDuplicate(await findBankAccounts(tx, merchantId), details, id);
    const after = await updateBankAccount(tx, id, details, at);
    return {
      answer: viewBankAccount(after),
      log: {
        action: 'settlement_setting.bank_account.update',
        targetType: BANK_ACCOUNT,
        targetId: id,
        before: logged(before),
        after: logged(after),
      },
      alert: { alert: 'settlement_account_changed' as const, keyName: accountLabel(after) },
    };
  });
}

/** Makes one of the merchant's live bank accounts its only default. */
export function makeDefaultBankAccount(ctx: SettingsContext, id: string) {
  return changeSettings(ctx, async (tx, merchantId, at) => {
    await liveAccountOrNotFound(tx, merchantId, id);
    const previous = (await findBankAccounts(tx, merchantId)).find((a) => a.is_default);
    await markDefaultBankAccount(tx, merchantId, id, at);
    const after = await liveAccountOrNotFound(tx, merchantId, id);
    return {
      answer: viewBankAccount(after),
      log: {
        action: 'settlement_setting.bank_account.set_default',
        targetType: BANK_ACCOUNT,
        targetId: id,
        before: { default_id: previous?.id ?? null },
        after: { default_id: id },
      },
    };
  });
}

/**
 * Removes one of the merchant's bank accounts (softly: the row stays for the record).
 * Removing the default hands the default to the oldest remaining account.
 */
export function removeBankAccount(ctx: SettingsContext, id: string) {
  return changeSettings(ctx, async (tx, merchantId, at) => {
    const before = await liveAccountOrNotFound(tx, merchantId, id);
    await markBankAccountRemoved(tx, id, at);
    const remaining = await findBankAccounts(tx, merchantId);
    // Listed default first, then oldest: with the default gone, the first is the oldest.
    const defaultId = remaining[0]?.id ?? null;
    if (defaultId && !remaining[0]!.is_default)
      await markDefaultBankAccount(tx, merchantId, defaultId, at);
    return {
      answer: { id, removed_at: at.toISOString(), default_id: defaultId },
      log: {
        action: 'settlement_setting.bank_account.remove',
        targetType: BANK_ACCOUNT,
        targetId: id,
        before: logged(before),
        after: { removed_at: at.toISOString(), default_id: defaultId },
      },
    };
  });
}

/** Sets or replaces the merchant's USDT wallet address once it fits its network's format. */
export function saveWallet(
  ctx: SettingsContext,
  wallet: { network: UsdtNetwork; address: string },
) {
  const problem = walletAddressProblem(wallet.network, wallet.address);
  if (problem) throw badInput(`address ${problem}`);
  return changeSettings(ctx, async (tx, merchantId, at) => {
    const before = await findWallet(tx, merchantId);
    const after = await upsertWallet(tx, merchantId, wallet, at);
    return {
      answer: viewWallet(after),
      log: {
        action: 'settlement_setting.wallet.set',
        targetType: WALLET,
        targetId: merchantId,
        before: before && { network: before.network, address: before.address },
        after: { network: after.network, address: after.address },
      },
    };
  });
}

/** Removes the merchant's USDT wallet address; `removed_at` is null when there was none. */
export function removeWallet(ctx: SettingsContext) {
  return changeSettings(ctx, async (tx, merchantId, at) => {
    const before = await findWallet(tx, merchantId);
    if (before) await deleteWallet(tx, merchantId);
    return {
      answer: { removed_at: before ? at.toISOString() : null },
      log: {
        action: 'settlement_setting.wallet.remove',
        targetType: WALLET,
        targetId: merchantId,
        before: before && { network: before.network, address: before.address },
        after: null,
      },
    };
  });
}

/** The bank fields of a settlement request: a saved account's id, or the details typed. */
interface SettlementBankInput {
  currency: string;
  bankAccountId?: string;
  bankName?: string;
  accountNumber?: string;
  accountHolder?: string;
}

/**
 * The bank details a settlement records: copied from the merchant's live saved account that
 * `bankAccountId` names (a foreign or removed id is not found, an account kept for another
 * currency or typed details beside it are bad input), else the details as typed.
 */
export async function settlementBankDetails(
  db: Queryable,
  merchantId: string,
  input: SettlementBankInput,
): Promise<{ bankName?: string; accountNumber?: string; accountHolder?: string }> {
  const typed = {
    bankName: input.bankName,
    accountNumber: input.accountNumber,
    accountHolder: input.accountHolder,
  };
  if (!input.bankAccountId) return typed;
  if (typed.bankName || typed.accountNumber || typed.accountHolder)
    throw badInput(
      'bankAccountId replaces bankName, accountNumber and accountHolder: send one or the other',
    );
  const found = await findBankAccount(db, merchantId, input.bankAccountId);
  if (!found) throw notFound('bankAccountId names no saved bank account of this merchant');
  if (found.currency && found.currency !== input.currency)
    throw badInput(
      `bankAccountId is a bank account for ${found.currency}; this settlement is in ${input.currency}`,
    );
  return {
    bankName: found.bank_name,
    accountNumber: found.account_number,
    accountHolder: found.account_holder,
  };
}

/**
 * Where a settlement to the USDT wallet is sent, recorded on it as its destination details
 * (network as the "bank", the address as the account): the merchant's wallet at the time of
 * the request, or nothing when it has none saved yet.
 */
export async function settlementWalletDetails(
  db: Queryable,
  merchantId: string,
): Promise<{ bankName?: string; accountNumber?: string }> {
  const wallet = await findWallet(db, merchantId);
  return wallet ? { bankName: `USDT ${wallet.network}`, accountNumber: wallet.address } : {};
}
