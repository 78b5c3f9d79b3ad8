import { changePassword } from '@bo/contract';
import { AppError, badInput } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findAccountById } from '../accounts/accounts.service';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../accounts/passwords';
import { revokeAccountSessions } from '../auth/sessions';
import { queueSecurityAlert } from '../mail/mail.service';

export function registerPasswordCalls(registry: CallRegistry): void {
  registry.user(changePassword, async (ctx, input) => {
    const account = await findAccountById(ctx.db, ctx.actor.accountId);
    if (!account || !(await verifyPassword(account.password_hash, input.currentPassword))) {
      await recordAdminLog(ctx.db, ctx, {
        action: 'password.change',
        actor: ctx.actor,
        targetType: 'account',
        targetId: ctx.actor.accountId,
        outcome: 'failure',
      });
      throw new AppError('SIGN_IN_REFUSED', 'The current password is wrong');
    }
    assertPasswordPolicy(input.newPassword);
    if (input.newPassword === input.currentPassword)
      throw badInput('newPassword must differ from the current password');
    const passwordHash = await hashPassword(input.newPassword);
    return ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1', [
        ctx.actor.accountId,
        passwordHash,
      ]);
      // Every other session ends; the one that changed the password goes on.
      const revoked = await revokeAccountSessions(
        tx,
        ctx.actor.accountId,
        'password_change',
        ctx.actor.sessionId,
      );
      await recordAdminLog(tx, ctx, {
        action: 'password.change',
        actor: ctx.actor,
        targetType: 'account',
        targetId: ctx.actor.accountId,
        after: { revoked_sessions: revoked },
      });
      await queueSecurityAlert(tx, ctx.config, ctx.actor.accountId, 'password_changed', {
        at: new Date(),
        clientIp: ctx.clientIp,
      });
      return { revoked_sessions: revoked };
    });
  });
}
