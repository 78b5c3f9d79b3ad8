import { beginOtpSetup, disableOtp, enableOtp, regenerateRecoveryCodes } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { AppError, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { queueSecurityAlert } from '../mail/mail.service';
import { lockAccount, type AccountRow } from '../accounts/accounts.service';
import { checkOneTimeCode } from '../auth/one-time-codes';
import { replaceRecoveryCodes, turnOtpOn } from '../auth/second-factor';
import { describeTotp, newTotpSecret } from '../auth/totp';

/**
 * Runs a 2FA change that needs a current code. A wrong code is logged as a failure and counted
 * as a failed sign-in of the account (`checkOneTimeCode`: 429 once the sign-in limits are
 * spent), both committed, and answered with 403; nothing else changes.
 */
async function withCurrentCode<T>(
  ctx: UserCallContext,
  action: string,
  code: string,
  change: (tx: Queryable, account: AccountRow) => Promise<T>,
): Promise<T> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, ctx.actor.accountId);
    if (!account.otp_enabled) throw conflict('Two-factor authentication is not on');
    const accepted = await checkOneTimeCode(tx, ctx, account, code, {
      secret: 'enabled',
      allowRecoveryCode: false,
    });
    if (!accepted) {
      await recordAdminLog(tx, ctx, {
        action,
        actor: ctx.actor,
        targetType: 'account',
        targetId: account.id,
        outcome: 'failure',
      });
      return { ok: false as const };
    }
    return { ok: true as const, value: await change(tx, account) };
  });
  if (!outcome.ok) throw new AppError('SIGN_IN_REFUSED', 'The code is not valid');
  return outcome.value;
}

export function registerOtpCalls(registry: CallRegistry): void {
  registry
    .user(beginOtpSetup, (ctx) =>
      ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, ctx.actor.accountId);
        if (account.otp_enabled) throw conflict('Two-factor authentication is already on');
        const secret = newTotpSecret();
        await tx.query('UPDATE accounts SET otp_pending_secret = $2 WHERE id = $1', [
          account.id,
          secret,
        ]);
        const { otpauthUrl, qrCode } = await describeTotp(
          secret,
          account.email,
          ctx.config.otpIssuer,
        );
        return { secret, otpauth_url: otpauthUrl, qr_code: qrCode };
      }),
    )
    .user(enableOtp, async (ctx, input) => {
      const outcome = await ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, ctx.actor.accountId);
        if (account.otp_enabled) throw conflict('Two-factor authentication is already on');
        if (!account.otp_pending_secret) throw conflict('Start the set-up first to get a QR code');
        // A wrong code here counts too: one rule for every code asked (`checkOneTimeCode`).
        const accepted = await checkOneTimeCode(tx, ctx, account, input.code, {
          secret: 'pending',
        });
        if (!accepted) {
          await recordAdminLog(tx, ctx, {
            action: 'otp.enable',
            actor: ctx.actor,
            targetType: 'account',
            targetId: account.id,
            outcome: 'failure',
          });
          return null;
        }
        const codes = await turnOtpOn(tx, account.id, accepted.step);
        await recordAdminLog(tx, ctx, {
          action: 'otp.enable',
          actor: ctx.actor,
          targetType: 'account',
          targetId: account.id,
          before: { otp_enabled: 0 },
          after: { otp_enabled: 1 },
        });
        return codes;
      });
      if (!outcome) throw new AppError('SIGN_IN_REFUSED', 'The code is not valid');
      return { recovery_codes: outcome };
    })
    .user(disableOtp, async (ctx, input) => {
      await withCurrentCode(ctx, 'otp.disable', input.code, async (tx, account) => {
        await tx.query(
          `UPDATE accounts SET otp_enabled = false, otp_secret = NULL, otp_pending_secret = NULL,
             updated_at = now() WHERE id = $1`,
          [account.id],
        );
        await tx.query('DELETE FROM otp_recovery_codes WHERE account_id = $1', [account.id]);
        await recordAdminLog(tx, ctx, {
          action: 'otp.disable',
          actor: ctx.actor,
          targetType: 'account',
          targetId: account.id,
          before: { otp_enabled: 1 },
          after: { otp_enabled: 0 },
        });
        await queueSecurityAlert(tx, ctx.config, account.id, 'two_factor_off', {
          at: new Date(),
          clientIp: ctx.clientIp,
        });
      });
      return {};
    })
    .user(regenerateRecoveryCodes, async (ctx, input) => {
      const codes = await withCurrentCode(
        ctx,
        'otp.recovery_codes',
        input.code,
        async (tx, account) => {
          const fresh = await replaceRecoveryCodes(tx, account.id);
          await recordAdminLog(tx, ctx, {
            action: 'otp.recovery_codes',
            actor: ctx.actor,
            targetType: 'account',
            targetId: account.id,
          });
          return fresh;
        },
      );
      return { recovery_codes: codes };
    });
}
