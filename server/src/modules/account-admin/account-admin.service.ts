import type { AccountStatus, ManagedAccountRow, ModuleName } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  assertModulesGrantable,
  changeAccountProfile,
  clearAccountOtp,
  findAccountById,
  lockAccount,
  replaceAccountCurrencies,
  replaceAccountModules,
} from '../accounts/accounts.service';
import { setAccountStatus } from '../auth/account-status';
import { queueSecurityAlert } from '../mail/mail.service';
import { forgetApiKeys } from '../merchant-settings/merchant-settings.service';
import { findAccountInScope, type ScopedAccount } from '../scoped-lists/scope';
import { merchantList, resellerList, viewManagedAccount } from './account-lists';

/**
 * The reseller or merchant named by `code` that the caller may manage: an admin any, a
 * reseller only its own merchants. Anything else (an admin account, a sub-account, another
 * reseller's merchant, the reseller itself) is not found, so nothing outside the scope shows.
 */
export async function findManagedAccount(
  ctx: UserCallContext,
  code: string,
  db: Queryable = ctx.db,
): Promise<ScopedAccount & { account_type: 'reseller' | 'merchant' }> {
  const account = await findAccountInScope(db, ctx.actor, code);
  const manageable =
    account.account_type === 'merchant' ||
    (account.account_type === 'reseller' && ctx.actor.accountType === 'admin');
  if (!manageable || account.id === ctx.actor.scopeAccountId)
    throw notFound(`No account has the code ${code}`);
  return account as ScopedAccount & { account_type: 'reseller' | 'merchant' };
}

/** The row of a managed account as the lists show it. */
export async function readManagedAccount(
  db: Queryable,
  ctx: UserCallContext,
  account: { id: string; account_type: 'reseller' | 'merchant' },
): Promise<ManagedAccountRow> {
  const list = account.account_type === 'reseller' ? resellerList : merchantList;
  const row = await list.byId(db, ctx.actor, account.id);
  if (!row) throw new Error(`managed account ${account.id} vanished`);
  return viewManagedAccount(row);
}

/**
 * Runs `change` on the managed account `code` in one transaction with the row locked, and
 * admin-logs `action` with the row before and after.
 */
async function changeManagedAccount(
  ctx: UserCallContext,
  code: string,
  action: string,
  change: (
    tx: Queryable,
    account: ScopedAccount & { account_type: 'reseller' | 'merchant' },
  ) => Promise<void>,
): Promise<ManagedAccountRow> {
  return ctx.db.transaction(async (tx) => {
    const account = await findManagedAccount(ctx, code, tx);
    await lockAccount(tx, account.id);
    const before = await readManagedAccount(tx, ctx, account);
    await change(tx, account);
    const after = await readManagedAccount(tx, ctx, account);
    await recordAdminLog(tx, ctx, {
      action,
      actor: ctx.actor,
      targetType: 'account',
      targetId: account.id,
      before,
      after,
    });
    return after;
  });
}

export interface ManagedAccountChange {
  name: string;
  email: string;
  phone?: string | undefined;
  telegram?: string | undefined;
  modules: ModuleName[];
  currencies: string[];
}

/**
 * Changes a managed account's profile, modules and currencies. A new email is told to the old
 * one first (the `email_changed` security alert, queued while the account still has it): an
 * account's mail, password resets included, follows its email, so its owner learns at once
 * if someone else took it.
 */
export function updateManagedAccount(
  ctx: UserCallContext,
  code: string,
  change: ManagedAccountChange,
): Promise<ManagedAccountRow> {
  return changeManagedAccount(ctx, code, 'account.update', async (tx, account) => {
    assertModulesGrantable(account.account_type, change.modules, ctx.actor);
    const before = await findAccountById(tx, account.id);
    if (before && before.email.toLowerCase() !== change.email.toLowerCase())
      await queueSecurityAlert(tx, ctx.config, account.id, 'email_changed', {
        at: new Date(),
        clientIp: ctx.clientIp,
      });
    await changeAccountProfile(tx, account.id, {
      name: change.name,
      email: change.email,
      phone: change.phone ?? '',
      telegramId: change.telegram ?? '',
    });
    await replaceAccountModules(tx, account.id, change.modules);
    await replaceAccountCurrencies(tx, account.id, change.currencies);
  });
}

/**
 * Disables a managed account (every session of it and of its sub-accounts ends at once; its
 * sign-in is refused while disabled; a merchant's API keys stop at once in this process, and
 * within the key cache's 5 s in any other) or enables it again.
 */
export async function setManagedAccountStatus(
  ctx: UserCallContext,
  code: string,
  status: AccountStatus,
): Promise<ManagedAccountRow> {
  const action = status === 'disabled' ? 'account.disable' : 'account.enable';
  const changed = await changeManagedAccount(ctx, code, action, async (tx, account) => {
    await setAccountStatus(tx, account.id, status);
  });
  // After the commit: a request read before it could otherwise remember the key as live again.
  forgetApiKeys(ctx.db);
  return changed;
}

/**
 * Turns a managed account's 2FA off, so it sets it up again; its owner gets the
 * `two_factor_off` security alert, as when they turn it off themselves.
 */
export function resetManagedAccountOtp(
  ctx: UserCallContext,
  code: string,
): Promise<ManagedAccountRow> {
  return changeManagedAccount(ctx, code, 'account.reset_otp', async (tx, account) => {
    await clearAccountOtp(tx, account.id);
    await queueSecurityAlert(tx, ctx.config, account.id, 'two_factor_off', {
      at: new Date(),
      clientIp: ctx.clientIp,
    });
  });
}
