import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';

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

/**
 * Runs one change of the signed-in merchant's settings (a sub-account acts for its parent) in
 * a transaction, with the admin-log entry the change returns, so the entry exists exactly when
 * the change does.
 */
export function changeMerchantSettings<T>(
  ctx: SettingsContext,
  change: (
    tx: Queryable,
    merchantId: string,
    at: Date,
  ) => Promise<{ answer: T; log: SettingsLogEntry }>,
): Promise<T> {
  const merchantId = ctx.actor.scopeAccountId;
  return ctx.db.transaction(async (tx) => {
    const { answer, log } = await change(tx, merchantId, new Date());
    await recordAdminLog(tx, ctx, { ...log, actor: ctx.actor });
    return answer;
  });
}
