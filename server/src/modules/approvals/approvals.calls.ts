import { addRejectReason, getApprovalSettings, getRejectReasons } from '@bo/contract';
import { conflict } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { readApprovalSettings } from './approval-settings';
import { insertRejectReason, listRejectReasons } from './reject-reasons.queries';

/**
 * Maker-checker settings (threshold per currency, expiry, USDT rate band) and the reject
 * reasons. Changing a setting is guarded (a second admin): the setting-changes module's.
 */
export function registerApprovalCalls(registry: CallRegistry): void {
  registry
    .user(getApprovalSettings, (ctx) => readApprovalSettings(ctx.db))
    .user(getRejectReasons, async (ctx) => ({ rows: await listRejectReasons(ctx.db) }))
    .user(addRejectReason, (ctx, input) =>
      ctx.db.transaction(async (tx) => {
        const added = await insertRejectReason(tx, {
          code: input.code,
          label: input.label,
          createdBy: ctx.actor.accountId,
        });
        if (!added) throw conflict(`A reject reason with the code ${input.code} exists already`);
        const reason = { code: input.code, label: input.label, is_system: false };
        await recordAdminLog(tx, ctx, {
          action: 'reject_reason.create',
          actor: ctx.actor,
          targetType: 'reject_reason',
          targetId: input.code,
          after: reason,
        });
        return reason;
      }),
    );
}
