import {
  beginLoginOtpSetup,
  enableLoginOtp,
  getUserFullData,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  updateNewPassword,
  verifyLoginOtp,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findAccountById } from '../accounts/accounts.service';
import { profileOf } from '../accounts/profile';
import { requestPasswordReset as askReset, resetPassword as reset } from './password-reset.service';
import { beginSignInOtpSetup, completeSignInOtpSetup } from './login-otp-setup';
import { revokeSessionById } from './sessions';
import { completeOtpStep, completePasswordStep, signIn } from './sign-in.service';
import { describeUser } from './stored-user';

export function registerAuthCalls(registry: CallRegistry): void {
  registry
    .open(login, (ctx, input) => signIn(ctx, input.email, input.password))
    .open(verifyLoginOtp, (ctx, input) => completeOtpStep(ctx, input.challengeToken, input.code))
    .open(updateNewPassword, (ctx, input) =>
      completePasswordStep(ctx, input.challengeToken, input.newPassword),
    )
    .open(beginLoginOtpSetup, (ctx, input) => beginSignInOtpSetup(ctx, input.challengeToken))
    .open(enableLoginOtp, (ctx, input) =>
      completeSignInOtpSetup(ctx, input.challengeToken, input.code),
    )
    .open(requestPasswordReset, (ctx, input) => askReset(ctx, input.email))
    .open(resetPassword, (ctx, input) => reset(ctx, input.token, input.password))
    .user(getUserFullData, async (ctx) => {
      const account = await findAccountById(ctx.db, ctx.actor.accountId);
      if (!account) throw new Error('signed-in account vanished');
      const { user, codes } = await describeUser(ctx.db, account);
      return {
        ...user,
        merchant_info: { account_db_code: codes.merchant_code },
        login_ip_enabled: account.login_ip_enabled ? (1 as const) : (0 as const),
        profileInfo: profileOf(account),
      };
    })
    .user(logout, async (ctx) => {
      await ctx.db.transaction(async (tx) => {
        await revokeSessionById(tx, ctx.actor.sessionId, 'logout');
        await recordAdminLog(tx, ctx, {
          action: 'sign_out',
          actor: ctx.actor,
          targetType: 'session',
          targetId: ctx.actor.sessionId,
        });
      });
      return {};
    });
}
