import { percentChange, type SettingChangeKind, type SettingChangeRow } from '@bo/contract';
import { conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findApprovalExpiryHours } from '../approvals/approvals.service';
import type { ChangeResult } from '../money-flow/decision';
import { GUARDED_SETTINGS, type SettingValue } from './guarded-settings';
import {
  closeSettingChangeRow,
  findPendingSettingChanges,
  findSettingChange,
  insertSettingChange,
  type SettingChangeRecord,
} from './setting-changes.queries';

/** A change as the calls show it: one approver besides whoever asked, and when it expires. */
export const viewSettingChange = (
  c: SettingChangeRecord,
  expiryHours: number,
): SettingChangeRow => ({
  id: c.id,
  kind: c.kind,
  target: c.target,
  old_value: c.old_value,
  new_value: c.new_value,
  change_percent: c.change_percent,
  reason: c.reason,
  status: c.status,
  requested_by: c.requested_by,
  created_at: c.created_at.toISOString(),
  expires_at: new Date(c.created_at.getTime() + expiryHours * 3_600_000).toISOString(),
  approvals: c.approvals,
  approvals_required: 1,
});

/** Every change waiting for a second admin, as the approvals queue shows them. */
export async function listPendingSettingChanges(db: Queryable): Promise<SettingChangeRow[]> {
  const [rows, hours] = await Promise.all([
    findPendingSettingChanges(db),
    findApprovalExpiryHours(db),
  ]);
  return rows.map((r) => viewSettingChange(r, hours));
}

/**
 * Asks for a guarded change in the caller's transaction: recorded as waiting for a second admin
 * (who asked is its creator, so neither they nor an account of theirs may approve it), with the
 * value in force, the new one and the percentage between them, and an admin-log entry
 * (`setting_change.request`). Nothing changes in force. A change of the same setting already
 * waiting is a 409.
 */
export async function askSettingChange(
  tx: Queryable,
  ctx: UserCallContext,
  ask: {
    kind: SettingChangeKind;
    target: string;
    before: SettingValue;
    newValue: string;
    reason: string;
    details?: Record<string, string>;
  },
): Promise<SettingChangeRow> {
  const setting = GUARDED_SETTINGS[ask.kind];
  const after = setting.scaled(ask.newValue, ask.target);
  const id = await insertSettingChange(tx, {
    kind: ask.kind,
    target: ask.target,
    oldValue: ask.before.text,
    newValue: ask.newValue,
    changePercent: percentChange(ask.before.scaled, after),
    reason: ask.reason,
    createdBy: ctx.actor.accountId,
    details: ask.details,
  });
  if (id === null)
    throw conflict(
      `A change of ${setting.noun(ask.target)} is already waiting for a second admin: approve or reject it first`,
    );
  const row = viewSettingChange(
    (await findSettingChange(tx, id))!,
    await findApprovalExpiryHours(tx),
  );
  await recordAdminLog(tx, ctx, {
    action: 'setting_change.request',
    actor: ctx.actor,
    targetType: 'setting_change',
    targetId: id,
    before: { [ask.kind]: ask.before.text },
    after: row,
  });
  return row;
}

/**
 * Puts an approved change in force (the decision's `change`, its row held by the maker-checker
 * step): the value is written as its setting writes it, with that setting's own admin-log
 * entry, unless the value in force is no longer the one the change was asked from (then a 409
 * and nothing changes: the approver would be approving another percentage).
 */
export async function applySettingChange(
  tx: Queryable,
  ctx: UserCallContext,
  id: string,
  at: Date,
): Promise<ChangeResult[]> {
  const change = await findSettingChange(tx, id);
  if (!change) return [{ applied: false, from: null, status: null }];
  if (change.status !== 'pending') return [{ applied: false, from: change.status, status: null }];
  const setting = GUARDED_SETTINGS[change.kind];
  const before = await setting.current(tx, change.target, ctx.config);
  if (before.text !== change.old_value)
    throw conflict(
      `${setting.noun(change.target)} is now ${before.text ?? 'unset'}, not ${change.old_value ?? 'unset'} as when this change was asked: reject it and ask again`,
    );
  await setting.write(
    tx,
    {
      origin: ctx,
      actor: ctx.actor,
      requester: { accountId: change.created_by, username: change.requested_by },
      config: ctx.config,
    },
    {
      target: change.target,
      before,
      newValue: change.new_value,
      reason: change.reason,
      details: change.details,
    },
  );
  await closeSettingChangeRow(tx, id, 'approved', at);
  return [{ applied: true, from: 'pending', status: 'approved' }];
}

/** Rejects a waiting change (an admin, or the expiry sweep): the value in force stays. */
export async function rejectSettingChangeRow(
  tx: Queryable,
  id: string,
  at: Date,
): Promise<ChangeResult[]> {
  const change = await findSettingChange(tx, id);
  if (!change) return [{ applied: false, from: null, status: null }];
  const closed = await closeSettingChangeRow(tx, id, 'rejected', at);
  return [{ applied: closed, from: change.status, status: closed ? 'rejected' : null }];
}
