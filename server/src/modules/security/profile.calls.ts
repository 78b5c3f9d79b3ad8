import { saveLayoutSettings, updateProfile } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { lockAccount } from '../accounts/accounts.service';
import { profileOf } from '../accounts/profile';

export function registerProfileCalls(registry: CallRegistry): void {
  registry
    .user(updateProfile, (ctx, input) =>
      ctx.db.transaction(async (tx) => {
        const before = await lockAccount(tx, ctx.actor.accountId);
        await tx.query(
          `UPDATE accounts SET name = $2, phone = $3, telegram_id = $4, lang = $5, timezone = $6,
             updated_at = now() WHERE id = $1`,
          [
            ctx.actor.accountId,
            input.name,
            input.phone ?? '',
            input.telegram_id ?? '',
            input.lang,
            input.timezone,
          ],
        );
        const after = await lockAccount(tx, ctx.actor.accountId);
        const pick = (a: typeof before) => ({
          name: a.name,
          phone: a.phone,
          telegram_id: a.telegram_id,
          lang: a.lang,
          timezone: a.timezone,
        });
        await recordAdminLog(tx, ctx, {
          action: 'profile.update',
          actor: ctx.actor,
          targetType: 'account',
          targetId: ctx.actor.accountId,
          before: pick(before),
          after: pick(after),
        });
        return profileOf(after);
      }),
    )
    .user(saveLayoutSettings, async (ctx, input) => {
      // Layout is a preference, not a security change: saved without an admin-log entry.
      await ctx.db.query('UPDATE accounts SET layout_settings = $2 WHERE id = $1', [
        ctx.actor.accountId,
        JSON.stringify(input),
      ]);
      return input;
    });
}
