import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { queueSecurityAlert, type SecurityAlert } from '../mail/mail.service';

export type SettingsContext = Pick<
  UserCallContext,
  'db' | 'actor' | 'clientIp' | 'userAgent' | 'requestId' | 'config' | 'log'
>;

/** The admin-log entry a change of merchant settings writes. */
export interface SettingsLogEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/** The security alert a change sends the merchant (an API key's), with the key's name. */
export interface SettingsAlert {
  alert: SecurityAlert;
  keyName: string;
}

/**
 * Runs one change of the signed-in merchant's settings (a sub-account acts for its parent) in
 * a transaction, with the admin-log entry the change returns and the security alert it asks
 * the merchant be sent, so both exist exactly when the change does.
 */
export function changeMerchantSettings<T>(
  ctx: SettingsContext,
  change: (
    tx: Queryable,
    merchantId: string,
    at: Date,
  ) => Promise<{ answer: T; log: SettingsLogEntry; alert?: SettingsAlert }>,
): Promise<T> {
  const merchantId = ctx.actor.scopeAccountId;
  return ctx.db.transaction(async (tx) => {
    const at = new Date();
    const { answer, log, alert } = await change(tx, merchantId, at);
    await recordAdminLog(tx, ctx, { ...log, actor: ctx.actor });
    if (alert)
      await queueSecurityAlert(tx, ctx.config, merchantId, alert.alert, {
        at,
        clientIp: ctx.clientIp,
        keyName: alert.keyName,
      });
    return answer;
  });
}
