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

/** The security alert a change sends the merchant (an API key's, a bank account's), naming it. */
export interface SettingsAlert {
  alert: SecurityAlert;
  keyName: string;
}

/**
 * Runs one change of the signed-in merchant's settings (a sub-account acts for its parent) in
 * a transaction, with the admin-log entry the change returns and the security alert it asks
 * the merchant be sent, so both exist exactly when the change does.
 */
/** The change's result as a settings change writes it. */
export interface SettingsChangeResult<T> {
  answer: T;
  log: SettingsLogEntry;
  alert?: SettingsAlert;
}

/**
 * Writes what a change of the merchant's settings asks, in its transaction: the admin-log entry
 * and the security alert to the merchant (a sub-account acts for its parent).
 */
export async function recordSettingsChange(
  tx: Queryable,
  ctx: SettingsContext,
  at: Date,
  { log, alert }: Omit<SettingsChangeResult<unknown>, 'answer'>,
): Promise<void> {
  await recordAdminLog(tx, ctx, { ...log, actor: ctx.actor, at });
  if (alert)
    await queueSecurityAlert(tx, ctx.config, ctx.actor.scopeAccountId, alert.alert, {
      at,
      clientIp: ctx.clientIp,
      keyName: alert.keyName,
    });
}

export function changeMerchantSettings<T>(
  ctx: SettingsContext,
  change: (tx: Queryable, merchantId: string, at: Date) => Promise<SettingsChangeResult<T>>,
): Promise<T> {
  const merchantId = ctx.actor.scopeAccountId;
  return ctx.db.transaction(async (tx) => {
    const at = new Date();
    const result = await change(tx, merchantId, at);
    await recordSettingsChange(tx, ctx, at, result);
    return result.answer;
  });
}
