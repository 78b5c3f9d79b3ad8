import { randomBytes } from 'node:crypto';
import { MODULES, type AccountStatus, type ModuleName } from '@bo/contract';
import type { Config } from '../../config/config';
import type { Actor, CallContext, RequestOrigin } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  assertModulesGrantable,
  createAccountRecord,
  findAccountById,
  findModules,
  replaceAccountModules,
} from '../accounts/accounts.service';
import { queueTeamAlert } from '../alerts/alerts.service';
import {
  isTeamTwoFactorRequired,
  saveTeamTwoFactorRequired,
} from '../app-settings/team-two-factor';
import { setAccountStatus } from '../auth/account-status';
import { logHeldLink } from '../auth/held-reset-link';
import { resetLinkOf } from '../auth/password-reset.service';
import { openResetToken } from '../auth/reset-tokens';
import {
  adminInvitationMail,
  enqueueMail,
  INVITATION_DAYS,
  mailLanguageOf,
} from '../mail/mail.service';

/** Who makes a team change: the admin deciding it (the log's actor) for the one who asked. */
export interface TeamWriter {
  /** The request, and its log (an invitation's link is logged on the demo without SMTP). */
  readonly origin: RequestOrigin & Pick<CallContext, 'log'>;
  readonly config: Config;
  readonly actor: Pick<Actor, 'accountId' | 'username' | 'accountType'>;
  /** The admin who asked (the approver's requester, or the actor itself). */
  readonly requestedBy: string;
}

/** An admin to invite: who they are and the modules they get. */
export interface Invitation {
  readonly email: string;
  readonly username: string;
  readonly name: string;
  readonly modules: readonly ModuleName[];
}

/** Modules in the contract's order, as the log, the alerts and a guarded change show them. */
export const inModuleOrder = (modules: readonly ModuleName[]) =>
  MODULES.filter((m) => modules.includes(m));

/**
 * Makes the invited admin and mails the invitation (issue 40), in the caller's transaction: the
 * account gets a random password nobody knows, so its only way in is the invitation's link (a
 * password reset token valid INVITATION_DAYS, spent by `resetPassword`); admin-logged
 * (`team.invite`) and alerted to the team. A taken email or username is a 409.
 */
export async function createInvitedAdmin(
  tx: Queryable,
  writer: TeamWriter,
  invitation: Invitation,
): Promise<string> {
  const modules = inModuleOrder(invitation.modules);
  assertModulesGrantable('admin', modules, { accountType: 'admin', modules: [] });
  const account = await createAccountRecord(tx, {
    accountType: 'admin',
    email: invitation.email,
    username: invitation.username,
    name: invitation.name,
    password: randomBytes(32).toString('base64url'),
    mustChangePassword: false,
    modules,
    createdBy: writer.actor.accountId,
  });
  const token = await openResetToken(tx, account.id, INVITATION_DAYS * 24 * 60);
  const link = resetLinkOf(writer.config.publicUrl, token);
  const lang = mailLanguageOf(account.lang);
  await enqueueMail(tx, {
    kind: 'admin_invitation',
    recipientAccountId: account.id,
    recipient: account.email,
    lang,
    content: adminInvitationMail(lang, account.name || account.username, writer.requestedBy, link),
  });
  // Before the commit: a link of an invitation rolled back finds no token and does nothing.
  logHeldLink(writer.origin.log, writer.config, 'admin invitation', account.email, link);
  await recordAdminLog(tx, writer.origin, {
    action: 'team.invite',
    actor: writer.actor,
    targetType: 'account',
    targetId: account.id,
    after: {
      email: account.email,
      username: account.username,
      modules,
      requested_by: writer.requestedBy,
    },
  });
  await queueTeamAlert(tx, writer.config, {
    by: writer.requestedBy,
    event: { kind: 'invited', member: account.email, modules },
    at: new Date(),
  });
  return account.id;
}

/** Sets an admin's modules in the caller's transaction, admin-logged and alerted to the team. */
export async function writeAdminModules(
  tx: Queryable,
  writer: TeamWriter,
  accountId: string,
  modules: readonly ModuleName[],
): Promise<void> {
  const account = await findAccountById(tx, accountId);
  if (!account) throw new Error(`admin ${accountId} vanished`);
  const ordered = inModuleOrder(modules);
  assertModulesGrantable('admin', ordered, { accountType: 'admin', modules: [] });
  const before = await findModules(tx, accountId);
  await replaceAccountModules(tx, accountId, ordered);
  await recordAdminLog(tx, writer.origin, {
    action: 'team.modules',
    actor: writer.actor,
    targetType: 'account',
    targetId: accountId,
    before: { modules: inModuleOrder(before) },
    after: { modules: ordered, requested_by: writer.requestedBy },
  });
  await queueTeamAlert(tx, writer.config, {
    by: writer.requestedBy,
    event: { kind: 'modules_changed', member: account.email, modules: ordered },
    at: new Date(),
  });
}

/**
 * Deactivates an admin (every session of it, and of its sub-accounts, ends at once) or activates
 * it again, in the caller's transaction: admin-logged (`team.deactivate`, `team.activate`) and
 * alerted to the team. An activation is put in force here once a second admin approved it.
 */
export async function writeAdminStatus(
  tx: Queryable,
  writer: TeamWriter,
  member: { id: string; email: string; status: AccountStatus },
  status: AccountStatus,
): Promise<void> {
  const ended = await setAccountStatus(tx, member.id, status);
  const deactivated = status === 'disabled';
  await recordAdminLog(tx, writer.origin, {
    action: deactivated ? 'team.deactivate' : 'team.activate',
    actor: writer.actor,
    targetType: 'account',
    targetId: member.id,
    before: { status: member.status },
    after: { status, sessions_ended: ended, requested_by: writer.requestedBy },
  });
  await queueTeamAlert(tx, writer.config, {
    by: writer.requestedBy,
    event: { kind: deactivated ? 'deactivated' : 'activated', member: member.email },
    at: new Date(),
  });
}

/**
 * Requires 2FA of every admin or stops requiring it, in the caller's transaction: admin-logged
 * (`team.two_factor_required`) and alerted to the team. Stopping is put in force here once a
 * second admin approved it.
 */
export async function writeTeamTwoFactor(
  tx: Queryable,
  writer: TeamWriter,
  required: boolean,
): Promise<void> {
  const before = await isTeamTwoFactorRequired(tx);
  await saveTeamTwoFactorRequired(tx, required);
  await recordAdminLog(tx, writer.origin, {
    action: 'team.two_factor_required',
    actor: writer.actor,
    targetType: 'settings',
    targetId: 'team_requires_two_factor',
    before: { required: before },
    after: { required, requested_by: writer.requestedBy },
  });
  await queueTeamAlert(tx, writer.config, {
    by: writer.requestedBy,
    event: { kind: 'two_factor_required', required },
    at: new Date(),
  });
}
