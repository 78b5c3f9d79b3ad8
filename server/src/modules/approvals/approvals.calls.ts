import {
  addRejectReason,
  formatAmount,
  getApprovalSettings,
  getRejectReasons,
  readAmount,
  setApprovalSettings,
  type ApprovalSettings,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, conflict } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  findApprovalExpiryHours,
  listTwoApproverThresholds,
  saveApprovalExpiryHours,
  saveTwoApproverThreshold,
} from './approval-settings.queries';
import { insertRejectReason, listRejectReasons } from './reject-reasons.queries';

/** The largest threshold accepted (as large as any amount a request may carry). */
const MAX_THRESHOLD = 1_000_000_000_000_000n;

/** The maker-checker settings as the calls answer them. */
async function readApprovalSettings(db: Queryable): Promise<ApprovalSettings> {
  const [hours, thresholds] = await Promise.all([
    findApprovalExpiryHours(db),
    listTwoApproverThresholds(db),
  ]);
  return {
    expiry_hours: hours,
    thresholds: thresholds.map((t) => ({
      currency: t.currency,
      min_amount: formatAmount(t.minAmount, t.currency),
      is_default: t.isDefault,
    })),
  };
}

/** Maker-checker settings (threshold per currency, expiry) and the reject reasons. */
export function registerApprovalCalls(registry: CallRegistry): void {
  registry
    .user(getApprovalSettings, (ctx) => readApprovalSettings(ctx.db))
    .user(setApprovalSettings, async (ctx, input) => {
      let minAmount: bigint | undefined;
      if (input.currency !== undefined && input.minAmount !== undefined) {
        const read = readAmount(input.minAmount, input.currency);
        if (!read.ok) throw badInput(`minAmount ${read.message}`);
        if (read.minor > MAX_THRESHOLD) throw badInput('minAmount is too large');
        minAmount = read.minor;
      }
      return ctx.db.transaction(async (tx) => {
        const before = await readApprovalSettings(tx);
        if (input.expiryHours !== undefined) await saveApprovalExpiryHours(tx, input.expiryHours);
        if (input.currency !== undefined && minAmount !== undefined)
          await saveTwoApproverThreshold(tx, input.currency, minAmount);
        const after = await readApprovalSettings(tx);
        // What this change touched: the hours, and the one currency's threshold if given.
        const logged = (s: ApprovalSettings) => ({
          expiry_hours: s.expiry_hours,
          threshold: s.thresholds.find((t) => t.currency === input.currency) ?? null,
        });
        await recordAdminLog(tx, ctx, {
          action: 'approval_settings.update',
          actor: ctx.actor,
          targetType: 'approval_settings',
          targetId: input.currency ?? '',
          before: logged(before),
          after: logged(after),
        });
        return after;
      });
    })
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
