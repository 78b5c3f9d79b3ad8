import type { SignInResult } from '@bo/contract';
import { AppError, conflict } from '../../core/app-error';
import type { CallContext } from '../../core/context';
import { actorOf, recordAdminLog } from '../admin-logs/admin-log';
import { lockAccount } from '../accounts/accounts.service';
import { closeChallenge, countChallengeFailure, takeChallenge } from './challenges';
import { checkOneTimeCode } from './one-time-codes';
import { turnOtpOn } from './second-factor';
import { nextStepOrSession } from './sign-in.service';
import { describeTotp, newTotpSecret } from './totp';

/**
 * The `otp_setup` sign-in step's first half (issue 40: the team must use 2FA): a new secret
 * for the challenge's account, kept pending until a code of it comes back.
 */
export async function beginSignInOtpSetup(ctx: CallContext, challengeToken: string) {
  return ctx.db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, challengeToken, 'otp_setup');
    const account = await lockAccount(tx, challenge.account_id);
    if (account.otp_enabled) throw conflict('Two-factor authentication is already on');
    const secret = newTotpSecret();
    await tx.query('UPDATE accounts SET otp_pending_secret = $2 WHERE id = $1', [
      account.id,
      secret,
    ]);
    const { otpauthUrl, qrCode } = await describeTotp(secret, account.email, ctx.config.otpIssuer);
    return { secret, otpauth_url: otpauthUrl, qr_code: qrCode };
  });
}

/**
 * The `otp_setup` step's second half: a code of the pending secret turns 2FA on (as `enableOtp`
 * does, recovery codes and admin log included) and the sign-in goes on. A wrong code counts as
 * on the verify step: against the sign-in limits and the challenge.
 */
export async function completeSignInOtpSetup(
  ctx: CallContext,
  challengeToken: string,
  code: string,
): Promise<{ recovery_codes: string[]; result: SignInResult }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, challengeToken, 'otp_setup');
    const account = await lockAccount(tx, challenge.account_id);
    if (!account.otp_pending_secret) throw conflict('Start the set-up first to get a QR code');
    const accepted = await checkOneTimeCode(tx, ctx, account, code, { secret: 'pending' });
    if (!accepted) {
      const closed = await countChallengeFailure(tx, challenge);
      await recordAdminLog(tx, ctx, {
        action: 'otp.enable',
        actor: actorOf(account),
        targetType: 'account',
        targetId: account.id,
        outcome: 'failure',
      });
      return { failed: true as const, closed };
    }
    const codes = await turnOtpOn(tx, account.id, accepted.step);
    await closeChallenge(tx, challenge.id);
    await recordAdminLog(tx, ctx, {
      action: 'otp.enable',
      actor: actorOf(account),
      targetType: 'account',
      targetId: account.id,
      before: { otp_enabled: 0 },
      after: { otp_enabled: 1, at_sign_in: true },
    });
    const result = await nextStepOrSession(tx, ctx, { ...account, otp_enabled: true }, 'otp_setup');
    return { failed: false as const, value: { recovery_codes: codes, result } };
  });
  if (outcome.failed) {
    if (outcome.closed)
      throw new AppError('SESSION_INVALID', 'Too many wrong codes, please sign in again');
    throw new AppError('SIGN_IN_REFUSED', 'The code is not valid');
  }
  return outcome.value;
}
