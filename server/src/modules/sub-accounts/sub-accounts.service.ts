import type { ModuleName, SubAccountRow, SubAccountStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, conflict, notAllowed, notFound } from '../../core/app-error';
import type { Actor, UserCallContext } from '../../core/context';
import { isoOrNull } from '../scoped-lists/scope';
import { assertPasswordPolicy, hashPassword } from '../accounts/passwords';
import { revokeAccountSessions } from '../auth/sessions';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  closeOpenSignInSteps,
  lockSubAccountOf,
  replaceModules,
  setTemporaryPassword,
  subAccountList,
  updateStatus,
  type SubAccountRecord,
} from './sub-accounts.queries';

/** A sub-account as the calls answer it. */
export const viewSubAccount = (r: SubAccountRecord): SubAccountRow => ({
  id: r.id,
  account_db_code: r.account_db_code,
  name: r.name,
  username: r.username,
  email: r.email,
  modules: r.modules,
  status: r.status,
  must_change_password: r.must_change_password,
  otp_enabled: r.otp_enabled,
  created_at: r.created_at.toISOString(),
  last_sign_in_at: isoOrNull(r.last_sign_in_at),
});

/**
 * The caller as the parent its sub-accounts are listed for: the list's scope column is the
 * parent, compared with the caller's own id whatever its type (a merchant's scope shape).
 */
export function asParent(actor: Actor): Actor {
  if (actor.isSubAccount) throw notAllowed('A sub-account cannot manage sub-accounts');
  return { ...actor, accountType: 'merchant', scopeAccountId: actor.accountId };
}

/**
 * The modules a sub-account may be given: a subset of the caller's own, never `sub_accounts`.
 * Throws a 400 naming the field otherwise; answers the set without duplicates.
 */
export function assertModulesOfParent(actor: Actor, modules: readonly ModuleName[]): ModuleName[] {
  const wanted = [...new Set(modules)];
  if (wanted.includes('sub_accounts'))
    throw badInput('modules: a sub-account cannot manage sub-accounts');
  const missing = wanted.filter((m) => !actor.modules.includes(m));
  if (missing.length) throw badInput(`modules: you do not hold ${missing.join(', ')}`);
  return wanted;
}

/** Locks the caller's own sub-account `id` and reads it; 404 for any other id. */
async function lockOwnSubAccount(
  db: Queryable,
  actor: Actor,
  id: string,
): Promise<SubAccountRecord> {
  const parent = asParent(actor);
  const found =
    (await lockSubAccountOf(db, parent.accountId, id)) &&
    (await subAccountList.byId(db, parent, id));
  if (!found) throw notFound('No sub-account of yours has this id');
  return found;
}

/** Reads the sub-account again after a change, inside the same transaction. */
async function reread(db: Queryable, actor: Actor, id: string): Promise<SubAccountRow> {
  const row = await subAccountList.byId(db, asParent(actor), id);
  if (!row) throw new Error(`sub-account ${id} vanished`);
  return viewSubAccount(row);
}

/** One audited change of one of the caller's sub-accounts: lock, change, log before/after. */
function changeSubAccount(
  ctx: UserCallContext,
  id: string,
  action: string,
  change: (tx: Queryable, before: SubAccountRow) => Promise<Record<string, unknown> | void>,
): Promise<SubAccountRow> {
  return ctx.db.transaction(async (tx) => {
    const before = viewSubAccount(await lockOwnSubAccount(tx, ctx.actor, id));
    const extra = await change(tx, before);
    const after = await reread(tx, ctx.actor, id);
    await recordAdminLog(tx, ctx, {
      action,
      actor: ctx.actor,
      targetType: 'account',
      targetId: id,
      before,
      after: { ...after, ...extra },
    });
    return after;
  });
}

/** Replaces the modules of one of the caller's sub-accounts; its next call reads the new set. */
export function updateSubAccountModules(
  ctx: UserCallContext,
  id: string,
  modules: readonly ModuleName[],
): Promise<SubAccountRow> {
  asParent(ctx.actor);
  const wanted = assertModulesOfParent(ctx.actor, modules);
  return changeSubAccount(ctx, id, 'sub_account.update_modules', async (tx) => {
    await replaceModules(tx, id, wanted);
  });
}

/**
 * Disables one of the caller's sub-accounts (its sessions and open sign-in steps end at once;
 * sign-in is refused while disabled) or enables it again. 409 when it already has that status.
 */
export function setSubAccountStatus(
  ctx: UserCallContext,
  id: string,
  status: SubAccountStatus,
): Promise<SubAccountRow> {
  const action = status === 'disabled' ? 'sub_account.disable' : 'sub_account.enable';
  return changeSubAccount(ctx, id, action, async (tx, before) => {
    if (before.status === status) throw conflict(`The sub-account is already ${status}`);
    await updateStatus(tx, id, status);
    if (status === 'active') return;
    await closeOpenSignInSteps(tx, id);
    return { revoked_sessions: await revokeAccountSessions(tx, id, 'sub_account_disabled') };
  });
}

/**
 * Gives one of the caller's sub-accounts a new temporary password: its sessions and open
 * sign-in steps end, and it must choose its own password at its next sign-in.
 */
export async function resetSubAccountPassword(
  ctx: UserCallContext,
  id: string,
  temporaryPassword: string,
): Promise<SubAccountRow> {
  asParent(ctx.actor);
  assertPasswordPolicy(temporaryPassword, 'temporaryPassword');
  const passwordHash = await hashPassword(temporaryPassword);
  return changeSubAccount(ctx, id, 'sub_account.reset_password', async (tx) => {
    await setTemporaryPassword(tx, id, passwordHash);
    await closeOpenSignInSteps(tx, id);
    return { revoked_sessions: await revokeAccountSessions(tx, id, 'sub_account_password_reset') };
  });
}
