/**
 * Deciding a reconciliation write-off (docs/reconciliation.md): the maker-checker of money-out
 * (`decide`, `RECON_WRITE_OFF_SUBJECT`: distinct admins, never whoever asked). The approval
 * that completes it posts the balanced journal in its transaction: the gateway's clearing
 * account −difference, the platform's `reconciliation_difference` +difference. A rejection
 * posts nothing, nor does an expiry (the request-expiry sweep's, `expireWriteOff`).
 */
import { conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { gatewayKey, PLATFORM_OWNER, platformKey } from '../../ledger/ledger-accounts';
import { postJournals } from '../../ledger/postings';
import { RECON_WRITE_OFF_SUBJECT } from '../approvals/approval-subjects';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, type ChangeResult, type Rejection } from '../money-flow/decision';
import { decideWriteOff, findWriteOff, lockOurStatus } from './recon-resolutions.queries';

/**
 * Posts a pending write-off's journal and marks it done; what the lifecycle change did. Our
 * transaction the line names is read again under its lock: a status other than the one the
 * write-off was asked with (a late callback, a query) refuses the approval, nothing posted.
 */
async function postWriteOff(tx: Queryable, id: string, at: Date): Promise<ChangeResult[]> {
  const w = await findWriteOff(tx, id);
  if (!w) return [{ applied: false, from: null, status: null }];
  if (w.status !== 'pending') return [{ applied: false, from: w.status, status: w.status }];
  if (w.our_kind && w.our_id) {
    const ours = await lockOurStatus(tx, w.our_kind, w.our_id);
    if (ours?.status !== w.our_status_asked)
      throw conflict(
        `Our ${w.our_kind} is ${ours?.status ?? 'gone'} now, ${w.our_status_asked ?? 'unknown'} when this write-off was asked for: reject it and resolve the line again`,
      );
  }
  const [journalId] = await postJournals(tx, [
    {
      ownerAccountId: PLATFORM_OWNER,
      kind: 'reconciliation.write_off',
      refType: 'recon_write_off',
      refId: id,
      details: { run_id: w.run_id, seq: w.seq },
      createdAt: at,
      entries: [
        { account: gatewayKey(w.gateway_id, w.currency), amount: -w.difference },
        { account: platformKey(w.currency, 'reconciliation_difference'), amount: w.difference },
      ],
    },
  ]);
  await decideWriteOff(tx, id, 'done', at, journalId!);
  return [{ applied: true, from: 'pending', status: 'done' }];
}

/** An approval of a write-off: posted once enough distinct admins approved. */
const approveWriteOff = (ctx: UserCallContext, id: string) =>
  decide(ctx, {
    action: 'reconciliation.write_off.approve',
    targetType: 'recon_write_off',
    target: 'done',
    id,
    approval: RECON_WRITE_OFF_SUBJECT,
    change: (tx, at) => postWriteOff(tx, id, at),
  });

/** A rejection of a write-off, with its reason: nothing posts, the line may be resolved again. */
const rejectWriteOff = (ctx: UserCallContext, id: string, rejection: Rejection) =>
  decide(ctx, {
    action: 'reconciliation.write_off.reject',
    targetType: 'recon_write_off',
    target: 'rejected',
    id,
    rejection: { ...rejection, subject: RECON_WRITE_OFF_SUBJECT },
    change: async (tx, at) => {
      const w = await findWriteOff(tx, id);
      if (!w) return [{ applied: false, from: null, status: null }];
      const moved = await decideWriteOff(tx, id, 'rejected', at, null);
      return [{ applied: moved, from: w.status, status: moved ? 'rejected' : w.status }];
    },
  });

/**
 * The request-expiry sweep's change (`request-expiry.ts`): a write-off still waiting for its
 * approvals past `approval_expiry_hours` becomes `expired`, as a rejection: nothing posts, the
 * line may be resolved again. The sweep has locked it and seen it waiting.
 */
export async function expireWriteOff(tx: Queryable, id: string, at: Date): Promise<ChangeResult[]> {
  const moved = await decideWriteOff(tx, id, 'expired', at, null);
  return [{ applied: moved, from: 'pending', status: moved ? 'expired' : 'pending' }];
}

/** `decideReconWriteOffs`: each write-off decided on its own, as every bulk decision. */
export const decideWriteOffs = serveBulkDecision({
  approve: approveWriteOff,
  reject: rejectWriteOff,
});
