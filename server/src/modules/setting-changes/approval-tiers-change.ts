import {
  approvalBandsText,
  readApprovalBands,
  type ApprovalTiers,
  type setApprovalTiers,
} from '@bo/contract';
import type { z } from 'zod';
import { badField, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { listApprovalTiers } from '../approvals/approvals.service';
import { approvalTiersTarget, GUARDED_SETTINGS } from './guarded-settings';
import { askSettingChange, listPendingSettingChanges } from './setting-changes.service';

type Input = z.output<(typeof setApprovalTiers)['request']>;

/** The approval tiers in force and the changes of them waiting for a second admin. */
export async function readApprovalTiers(db: Queryable): Promise<ApprovalTiers> {
  const [tiers, pending] = await Promise.all([
    listApprovalTiers(db),
    listPendingSettingChanges(db),
  ]);
  return { tiers, pending_changes: pending.filter((c) => c.kind === 'approval_tiers') };
}

/**
 * `setApprovalTiers`: one kind's and currency's bands asked for as a guarded change (the
 * setting-changes module's one mechanism): nothing applies until a second admin approves it,
 * and its asking is in the admin log (`setting_change.request`). Bands equal to those in force
 * are a 409. Answers the tiers still in force and the changes waiting.
 */
export async function askApprovalTiers(ctx: UserCallContext, input: Input): Promise<ApprovalTiers> {
  // The call's schema has read them already: this gives them as bands.
  const read = readApprovalBands(input.bands, input.currency);
  if (!read.ok) throw badField({ field: 'bands', rule: read.message, kind: 'other' });
  const value = approvalBandsText(read.bands, input.currency);
  const target = approvalTiersTarget(input.tierKind, input.currency);
  return ctx.db.transaction(async (tx) => {
    const before = await GUARDED_SETTINGS.approval_tiers.current(tx, target, ctx.config);
    if ((before.text ?? '') === value)
      throw conflict(
        `These approval tiers of ${input.tierKind} in ${input.currency} are already in force`,
      );
    await askSettingChange(tx, ctx, {
      kind: 'approval_tiers',
      target,
      before,
      newValue: value,
      reason: input.reason,
    });
    return readApprovalTiers(tx);
  });
}
