import {
  addSettlementBankAccount,
  getSettlementSettings,
  removeSettlementBankAccount,
  removeSettlementWallet,
  setDefaultSettlementBankAccount,
  setSettlementWallet,
  updateSettlementBankAccount,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import {
  addBankAccount,
  editBankAccount,
  makeDefaultBankAccount,
  readSettlementSettings,
  removeBankAccount,
  removeWallet,
  saveWallet,
} from './settlement-settings.service';

/** The bank details of an add or edit form (no currency: any currency). */
const detailsOf = (input: {
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  currency?: string;
}) => ({
  bankName: input.bankName,
  accountNumber: input.accountNumber,
  accountHolder: input.accountHolder,
  currency: input.currency ?? null,
});

/**
 * Settlement settings of the signed-in merchant (/settlement-setting): its bank accounts and
 * USDT wallet address. A sub-account acts for its parent merchant. Every change is logged.
 */
export function registerSettlementSettingCalls(registry: CallRegistry): void {
  registry
    .user(getSettlementSettings, (ctx) => readSettlementSettings(ctx.db, ctx.actor.scopeAccountId))
    .user(addSettlementBankAccount, (ctx, input) =>
      addBankAccount(ctx, { ...detailsOf(input), isDefault: input.isDefault ?? false }),
    )
    .user(updateSettlementBankAccount, (ctx, input) =>
      editBankAccount(ctx, input.id, detailsOf(input)),
    )
    .user(setDefaultSettlementBankAccount, (ctx, input) => makeDefaultBankAccount(ctx, input.id))
    .user(removeSettlementBankAccount, (ctx, input) => removeBankAccount(ctx, input.id))
    .user(setSettlementWallet, (ctx, input) => saveWallet(ctx, input))
    .user(removeSettlementWallet, (ctx) => removeWallet(ctx));
}
