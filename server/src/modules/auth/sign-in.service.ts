import {
  REFUSAL_REASONS,
  type RefusalReason,
  type SignInResult,
  type SignInStep,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { AppError, badInput } from '../../core/app-error';
import type { CallContext } from '../../core/context';
import { actorOf, recordAdminLog } from '../admin-logs/admin-log';
import {
  findAccountByEmail,
  findAccountById,
  lockAccount,
  type AccountRow,
} from '../accounts/accounts.service';
import { closeChallenge, countChallengeFailure, openChallenge, takeChallenge } from './challenges';
import { isAddressWhitelisted } from './login-ip';
import { alertIfNewAddress } from './new-address-alert';
import {
  assertPasswordPolicy,
  decoyPasswordHash,
  hashPassword,
  verifyPassword,
} from '../accounts/passwords';
import { checkOneTimeCode } from './one-time-codes';
import { assertSignInAllowed, recordSignInFailure } from './sign-in-limits';
import { createSession, setOwnPassword } from './sessions';
import { storedUserOf } from './stored-user';
import { isTeamTwoFactorRequired } from '../app-settings/team-two-factor';

const WRONG_CREDENTIALS = 'Wrong email or password';

/** Records a refused sign-in (failure count and admin log) in its own transaction, then throws. */
async function refuseSignIn(
  ctx: CallContext,
  identifier: string,
  account: AccountRow | null,
  action: string,
  message: string,
  reason?: RefusalReason,
): Promise<never> {
  await ctx.db.transaction(async (tx) => {
    await recordSignInFailure(tx, identifier, ctx.clientIp);
    await recordAdminLog(tx, ctx, {
      action,
      actor: account ? actorOf(account) : null,
      actorLabel: identifier,
      targetType: 'account',
      targetId: account?.id ?? '',
      outcome: 'failure',
    });
  });
  throw new AppError('SIGN_IN_REFUSED', message, reason);
}

/**
 * After every check passed: the next step the account owes, or a session. A code was given by
 * the verify step, or by the set-up step that just turned 2FA on; an admin without 2FA sets it
 * up first while the team must use it (issue 40).
 */
export async function nextStepOrSession(
  tx: Queryable,
  ctx: CallContext,
  account: AccountRow,
  afterStep: SignInStep | null,
): Promise<SignInResult> {
  const codeGiven = afterStep === 'otp_verify' || afterStep === 'otp_setup';
  let step: SignInStep | null = null;
  if (account.must_change_password) step = 'password_change';
  else if (account.otp_enabled && !codeGiven) step = 'otp_verify';
  else if (
    !account.otp_enabled &&
    account.account_type === 'admin' &&
    (await isTeamTwoFactorRequired(tx))
  )
    step = 'otp_setup';
  if (step) {
    const challenge = await openChallenge(tx, account.id, step, ctx.clientIp, ctx.config);
    await recordAdminLog(tx, ctx, {
      action: `sign_in.step.${step}`,
      actor: actorOf(account),
      targetType: 'account',
      targetId: account.id,
    });
    return {
      next_step: step,
      challenge_token: challenge.token,
      account_type: account.account_type,
      expires_at: challenge.expiresAt.toISOString(),
    };
  }
  await alertIfNewAddress(tx, ctx, account.id);
  const token = await createSession(tx, account.id, ctx, ctx.config);
  await recordAdminLog(tx, ctx, {
    action: 'sign_in',
    actor: actorOf(account),
    targetType: 'account',
    targetId: account.id,
  });
  return storedUserOf(tx, account, token);
}

/** `login`: checks limits, credentials and the login-IP whitelist, then a step or a session. */
export async function signIn(
  ctx: CallContext,
  email: string,
  password: string,
): Promise<SignInResult> {
  await assertSignInAllowed(ctx.db, email, ctx.clientIp, ctx.config);
  const account = await findAccountByEmail(ctx.db, email);
  const passwordOk = account
    ? await verifyPassword(account.password_hash, password)
    : (await verifyPassword(await decoyPasswordHash(), password), false);
  // A sub-account cannot sign in while its parent is disabled.
  const parent = account?.parent_account_id
    ? await findAccountById(ctx.db, account.parent_account_id)
    : null;
  if (!account || !passwordOk || account.status !== 'active' || parent?.status === 'disabled') {
    return refuseSignIn(ctx, email, account, 'sign_in.failed', WRONG_CREDENTIALS);
  }
  if (account.login_ip_enabled && !(await isAddressWhitelisted(ctx.db, account.id, ctx.clientIp))) {
    return refuseSignIn(
      ctx,
      email,
      account,
      'sign_in.refused_address',
      `Sign-in from ${ctx.clientIp || 'this address'} is not allowed for this account; ask for the address to be whitelisted`,
      REFUSAL_REASONS.loginIpNotAllowed,
    );
  }
  return ctx.db.transaction((tx) => nextStepOrSession(tx, ctx, account, null));
}

/**
 * The verify step of a 2FA sign-in: a TOTP code or a recovery code completes it. A wrong code
 * counts against the account and the address in the same windows as a wrong password (429
 * once either is spent; `checkOneTimeCode`), so fresh challenges do not buy fresh guesses.
 */
export async function completeOtpStep(
  ctx: CallContext,
  challengeToken: string,
  code: string,
): Promise<SignInResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, challengeToken, 'otp_verify');
    const account = await lockAccount(tx, challenge.account_id);
    const accepted = await checkOneTimeCode(tx, ctx, account, code, {
      secret: 'enabled',
      allowRecoveryCode: true,
    });
    if (!accepted) {
      const closed = await countChallengeFailure(tx, challenge);
      await recordAdminLog(tx, ctx, {
        action: 'sign_in.otp_failed',
        actor: actorOf(account),
        targetType: 'account',
        targetId: account.id,
        outcome: 'failure',
      });
      return { failed: true as const, closed };
    }
    await closeChallenge(tx, challenge.id);
    if (accepted.how === 'recovery') {
      await recordAdminLog(tx, ctx, {
        action: 'otp.recovery_code_used',
        actor: actorOf(account),
        targetType: 'account',
        targetId: account.id,
      });
    }
    return {
      failed: false as const,
      result: await nextStepOrSession(tx, ctx, account, 'otp_verify'),
    };
  });
  if (outcome.failed) {
    // The failure is committed first, so the attempt counts even though the call fails.
    if (outcome.closed)
      throw new AppError('SESSION_INVALID', 'Too many wrong codes, please sign in again');
    throw new AppError('SIGN_IN_REFUSED', 'The code is not valid');
  }
  return outcome.result;
}

/** The first-time password step: sets the account's own password, then goes on. */
export async function completePasswordStep(
  ctx: CallContext,
  challengeToken: string,
  newPassword: string,
): Promise<SignInResult> {
  assertPasswordPolicy(newPassword);
  const passwordHash = await hashPassword(newPassword);
  return ctx.db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, challengeToken, 'password_change');
    const account = await lockAccount(tx, challenge.account_id);
    if (await verifyPassword(account.password_hash, newPassword)) {
      throw badInput('newPassword must differ from the temporary password');
    }
    await setOwnPassword(tx, account.id, passwordHash, 'password_change');
    await closeChallenge(tx, challenge.id);
    await recordAdminLog(tx, ctx, {
      action: 'password.first_set',
      actor: actorOf(account),
      targetType: 'account',
      targetId: account.id,
      before: { must_change_password: true },
      after: { must_change_password: false },
    });
    return nextStepOrSession(
      tx,
      ctx,
      { ...account, must_change_password: false },
      'password_change',
    );
  });
}
