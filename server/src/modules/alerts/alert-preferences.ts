import {
  ALERTS_OF_TYPE,
  getAlertPreferences,
  saveAlertPreference,
  type OptionalAlert,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { badInput } from '../../core/app-error';

/** The account's optional alerts (those of its type), each on unless turned off. */
async function preferencesOf(
  db: Queryable,
  accountId: string,
  accountType: keyof typeof ALERTS_OF_TYPE,
) {
  const { rows } = await db.query<{ kind: OptionalAlert }>(
    'SELECT kind FROM alert_opt_outs WHERE account_id = $1',
    [accountId],
  );
  const off = new Set(rows.map((r) => r.kind));
  return { alerts: ALERTS_OF_TYPE[accountType].map((kind) => ({ kind, enabled: !off.has(kind) })) };
}

/**
 * /profile's alert preferences: read them, and turn one optional alert on or off (admin-logged,
 * before and after). An alert of another account type is refused (400); the security alerts
 * are not among them and cannot be turned off.
 */
export function registerAlertPreferenceCalls(registry: CallRegistry): void {
  registry
    .user(getAlertPreferences, (ctx: UserCallContext) =>
      preferencesOf(ctx.db, ctx.actor.accountId, ctx.actor.accountType),
    )
    .user(saveAlertPreference, (ctx, input) => {
      if (!ALERTS_OF_TYPE[ctx.actor.accountType].includes(input.kind))
        throw badInput(`kind ${input.kind} is not an alert of a ${ctx.actor.accountType} account`);
      return ctx.db.transaction(async (tx) => {
        const before = await preferencesOf(tx, ctx.actor.accountId, ctx.actor.accountType);
        const was = before.alerts.find((a) => a.kind === input.kind)!.enabled;
        if (was === input.enabled) return before;
        if (input.enabled)
          await tx.query('DELETE FROM alert_opt_outs WHERE account_id = $1 AND kind = $2', [
            ctx.actor.accountId,
            input.kind,
          ]);
        else
          await tx.query(
            'INSERT INTO alert_opt_outs (account_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [ctx.actor.accountId, input.kind],
          );
        await recordAdminLog(tx, ctx, {
          action: 'alert_preference.update',
          actor: ctx.actor,
          targetType: 'account',
          targetId: ctx.actor.accountId,
          before: { [input.kind]: was },
          after: { [input.kind]: input.enabled },
        });
        return preferencesOf(tx, ctx.actor.accountId, ctx.actor.accountType);
      });
    });
}
