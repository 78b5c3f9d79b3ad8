import type { Queryable } from '../../db/db';
import { badInput } from '../../core/app-error';
import type { CallContext } from '../../core/context';
import { actorOf, recordAdminLog } from '../admin-logs/admin-log';
import {
  findAccountByEmail,
  findAccountById,
  lockAccount,
  type AccountRow,
} from '../accounts/accounts.service';
import { assertPasswordPolicy, hashPassword } from '../accounts/passwords';
import {
  enqueueMail,
  mailLanguageOf,
  passwordResetMail,
  queueSecurityAlert,
} from '../mail/mail.service';
import { logHeldLink } from './held-reset-link';
import { findResetTokenAccount, openResetToken, voidResetTokens } from './reset-tokens';
import { setOwnPassword } from './sessions';
import { countPasswordResetRequest } from './sign-in-limits';

/**
 * The least time `requestPasswordReset` takes, whether or not it queued a mail: longer than
 * the work for a known email, so the answer's timing does not tell which emails exist.
 */
export const RESET_REQUEST_FLOOR_MS = 400;

const INVALID_LINK =
  'This password reset link is not valid or has expired; please ask for a new one';

/** The reset page of a token, as the mail links it (the token in the fragment: kept out of logs and referrers). */
export const resetLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}/account/reset-password#token=${encodeURIComponent(token)}`;

/** True when the account may sign in: active, and its parent (for a sub-account) too. */
async function isAccountUsable(db: Queryable, account: AccountRow): Promise<boolean> {
  if (account.status !== 'active') return false;
  if (!account.parent_account_id) return true;
  const parent = await findAccountById(db, account.parent_account_id);
  return parent?.status === 'active';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `requestPasswordReset`: counts the request (429 past the sign-in limits per email and per
 * address) and, for a usable account, opens a token and queues its mail in one transaction
 * (on the demo without SMTP, its link is logged too: `logHeldLink`).
 * Answers nothing, after RESET_REQUEST_FLOOR_MS at least, for any email.
 */
export async function requestPasswordReset(
  ctx: CallContext,
  email: string,
): Promise<Record<string, never>> {
  const floor = sleep(RESET_REQUEST_FLOOR_MS);
  try {
    const held = await ctx.db.transaction(async (tx) => {
      await countPasswordResetRequest(tx, email, ctx.clientIp, ctx.config);
      const account = await findAccountByEmail(tx, email);
      if (!account || !(await isAccountUsable(tx, account))) return;
      const token = await openResetToken(tx, account.id);
      const link = resetLinkOf(ctx.config.publicUrl, token);
      const lang = mailLanguageOf(account.lang);
      await enqueueMail(tx, {
        kind: 'password_reset',
        recipientAccountId: account.id,
        recipient: account.email,
        lang,
        content: passwordResetMail(lang, account.name || account.username, link),
      });
      await recordAdminLog(tx, ctx, {
        action: 'password.reset_requested',
        actor: actorOf(account),
        targetType: 'account',
        targetId: account.id,
      });
      return { email: account.email, link };
    });
    // Once committed: a link of a rolled-back token would not work.
    if (held) logHeldLink(ctx.log, ctx.config, 'password reset', held.email, held.link);
  } finally {
    await floor;
  }
  return {};
}

/**
 * `resetPassword`: with a live token, sets the password (policy applies), spends every reset
 * token of the account, revokes all its sessions, records it in the admin log and queues the
 * password-changed alert. 2FA is left as it is, so the next sign-in still asks for it.
 */
export async function resetPassword(
  ctx: CallContext,
  token: string,
  password: string,
): Promise<Record<string, never>> {
  assertPasswordPolicy(password, 'password');
  // The token first, so a wrong one costs no password hashing.
  if (!(await findResetTokenAccount(ctx.db, token, { lock: false }))) throw badInput(INVALID_LINK);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const accountId = await findResetTokenAccount(tx, token, { lock: true });
    if (!accountId) throw badInput(INVALID_LINK);
    const account = await lockAccount(tx, accountId);
    if (!(await isAccountUsable(tx, account))) throw badInput(INVALID_LINK);
    await voidResetTokens(tx, account.id);
    const revoked = await setOwnPassword(tx, account.id, passwordHash, 'password_reset');
    await recordAdminLog(tx, ctx, {
      action: 'password.reset',
      actor: actorOf(account),
      targetType: 'account',
      targetId: account.id,
      after: { sessions_revoked: revoked },
    });
    await queueSecurityAlert(tx, ctx.config, account.id, 'password_changed', {
      at: new Date(),
      clientIp: ctx.clientIp,
    });
  });
  return {};
}
