import { canTransition } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, conflict, notAllowed, notFound } from '../../core/app-error';
import type { ApprovalSubject } from './approval-subjects';
import { findApprovalExpiryHours } from './approval-settings.queries';
import { findRejectReason, listRejectReasons } from './reject-reasons.queries';

/**
 * The expiry sweep reads the configured hours, and the guarded settings (setting-changes) read
 * and write the maker-checker settings and the approval tiers, through the module's door.
 */
export {
  findApprovalExpiryHours,
  findTwoApproverThreshold,
  findUsdtRateBandPercent,
  saveApprovalExpiryHours,
  saveTwoApproverThreshold,
  saveUsdtRateBandPercent,
} from './approval-settings.queries';
export { findApprovalBands, listApprovalTiers, saveApprovalBands } from './approval-tiers.queries';

/**
 * The one rule of when a waiting request has expired (settings `approval_expiry_hours`): it
 * was made before `cutoff`, `hours` before `now`. The request-expiry sweep rejects the requests
 * it finds expired, and `recordApproval` refuses to approve one, so a request past its expiry
 * is never approved even while the sweep is off or failing.
 */
export async function findRequestExpiry(
  db: Queryable,
  now: Date,
): Promise<{ hours: number; cutoff: Date }> {
  const hours = await findApprovalExpiryHours(db);
  return { hours, cutoff: new Date(now.getTime() - hours * 3_600_000) };
}

/** Whether a request made at `createdAt` is past the `cutoff` of `findRequestExpiry`. */
export const isRequestExpired = (createdAt: Date, cutoff: Date): boolean =>
  createdAt.getTime() < cutoff.getTime();

/**
 * The least approvals the row under `alias` asks for itself (its kind's column, or its own SQL:
 * a held item's risk decision), else none.
 */
const leastApprovalsSql = (subject: ApprovalSubject, alias: string): string | null =>
  subject.leastApprovalsSql?.(alias) ??
  (subject.leastApprovalsColumn ? `${alias}.${subject.leastApprovalsColumn}` : null);

/**
 * The one rule of how many distinct people must approve an item: SQL over a row of
 * `subject.table` under `alias` (its `currency` and `amount`), read by the decision
 * (`recordApproval`, in its transaction) and by every list's `approvals_required`
 * (`approvalColumnsSql`), so the two cannot disagree. A money-out of a kind with approval tiers
 * (`tierKind`) whose currency has bands of that kind needs what its band says (the largest
 * `min_amount` at or below its amount; bands start at 0); any other money-out needs two at or
 * above its currency's threshold (none saved: 0, every amount) and one below it; anything else
 * one. Never fewer than the least its own row asks (a large adjustment debit's three).
 */
export function requiredApprovalsSql(subject: ApprovalSubject, alias: string): string {
  const byThreshold = subject.isMoneyOut
    ? `CASE WHEN ${alias}.amount >= coalesce((SELECT th.min_amount FROM approval_thresholds th
         WHERE th.currency = ${alias}.currency), 0) THEN 2 ELSE 1 END`
    : '1';
  const byAmount = subject.tierKind
    ? `coalesce((SELECT tr.approvers FROM approval_tiers tr
         WHERE tr.tier_kind = '${subject.tierKind}' AND tr.currency = ${alias}.currency
           AND tr.min_amount <= ${alias}.amount
         ORDER BY tr.min_amount DESC LIMIT 1), ${byThreshold})`
    : byThreshold;
  const least = leastApprovalsSql(subject, alias);
  return least ? `GREATEST(${byAmount}, ${least})` : byAmount;
}

/**
 * The list columns saying how many approvals a row has and needs (`requiredApprovalsSql`, the
 * decision's own rule), for a row of `subject.table` under `alias` with `id`, `currency`,
 * `amount` and the decision columns.
 */
export function approvalColumnsSql(subject: ApprovalSubject, alias: string): string {
  return `(SELECT count(DISTINCT ap.principal_account_id)::int FROM approvals ap
            WHERE ap.ref_id = ${alias}.id) AS approvals,
    ${requiredApprovalsSql(subject, alias)} AS approvals_required, ${alias}.decision_reason_code, ${alias}.decision_note`;
}

/** Where an item stands after one admin's approval was recorded. */
export interface ApprovalCount {
  /** The item's status (unchanged by the approval itself). */
  readonly status: string;
  /** Distinct approvals recorded, this one included. */
  readonly approvals: number;
  /** Approvals the item needs before it may move on. */
  readonly required: number;
}

interface LockedItem {
  status: string;
  destination?: string;
  /** When it was asked for (the expiry's clock). */
  created_at: Date;
  /** The principal of whoever asked for the item (see `principalSql`); null for the system. */
  creator: string | null;
  /** The approvals it needs (`requiredApprovalsSql`). */
  required: number;
}

/**
 * The one rule of who a person is in maker-checker: an account's principal is its parent when
 * it is a sub-account (which acts for its parent), else the account itself. SQL over an
 * `accounts` row under `alias`.
 */
const principalSql = (alias: string) => `coalesce(${alias}.parent_account_id, ${alias}.id)`;

/**
 * SQL for the principal of whoever asked for the item under `alias` (a row of
 * `subject.table`): the requester its `money_requests` row names, else its creator column;
 * null for the system. The rule an admin never approves their own request is checked against it.
 */
export function creatorPrincipalSql(subject: ApprovalSubject, alias: string): string {
  const creator = subject.creatorColumn ? `${alias}.${subject.creatorColumn}` : 'NULL::uuid';
  return `(SELECT ${principalSql('ca')} FROM accounts ca
              WHERE ca.id = coalesce((SELECT r.requested_by FROM money_requests r WHERE r.ref_id = ${alias}.id),
                                     ${creator}))`;
}

/**
 * The item locked for its decision (so two admins approving at once are counted one after the
 * other), with the principal of whoever asked for it; null when no row has the id.
 */
async function lockItem(
  tx: Queryable,
  subject: ApprovalSubject,
  id: string,
): Promise<LockedItem | null> {
  const t = subject.table;
  const destination = subject.destination ? ', t.destination' : '';
  const { rows } = await tx.query<LockedItem>(
    `SELECT t.status${destination}, t.created_at, ${requiredApprovalsSql(subject, 't')}::int AS required,
            ${creatorPrincipalSql(subject, 't')} AS creator
       FROM ${t} t WHERE t.id = $1 FOR UPDATE OF t`,
    [id],
  );
  return rows[0] ?? null;
}

/** The approver's principal and, when that principal already approved the item, by whom. */
async function findApprover(
  tx: Queryable,
  subject: ApprovalSubject,
  spec: { id: string; approverId: string },
): Promise<{ principal: string; approvedAs: string | null }> {
  const { rows } = await tx.query<{ principal: string; approved_as: string | null }>(
    `SELECT ${principalSql('a')} AS principal,
            (SELECT ap.approver_account_id FROM approvals ap
              WHERE ap.ref_type = $1 AND ap.ref_id = $2
                AND ap.principal_account_id = ${principalSql('a')}
              LIMIT 1) AS approved_as
       FROM accounts a WHERE a.id = $3`,
    [subject.refType, spec.id, spec.approverId],
  );
  const row = rows[0];
  if (!row) throw notAllowed('Only a signed-in admin may approve');
  return { principal: row.principal, approvedAs: row.approved_as };
}

const otherDestination = (destination: string) =>
  destination === 'bank' ? 'the USDT wallet' : 'a bank';

/** Refuses an item of the other settlement destination than the call's. */
export function checkDestination(subject: ApprovalSubject, item: { destination?: string }): void {
  if (subject.destination && item.destination !== subject.destination)
    throw badInput(`id names a settlement to ${otherDestination(subject.destination)}`);
}

/**
 * Refuses (409, nothing changes) to approve a request of a kind that expires which waited past
 * its expiry (`findRequestExpiry`, at the decision's time): the sweep rejects it when it next
 * runs. Refused rather than expired here: the approving admin asked for no rejection, and the
 * sweep's rejection (reason `expired`, logged by the system) stays the one way a request expires.
 */
async function checkNotExpired(
  tx: Queryable,
  subject: ApprovalSubject,
  item: LockedItem,
  at: Date,
): Promise<void> {
  if (!subject.expires || item.status !== subject.awaiting) return;
  const { hours, cutoff } = await findRequestExpiry(tx, at);
  if (isRequestExpired(item.created_at, cutoff))
    throw conflict(
      `This ${subject.noun} expired: it was not decided within ${hours} hours of being asked for, so it can no longer be approved; ask for it again`,
    );
}

/**
 * Records `approverId`'s approval of an item (maker-checker), in the caller's transaction: the
 * one rule of every decision call and bulk decision. The item must exist, be able to become
 * `target` and, of a kind that expires, not have waited past its expiry. Approvals are counted
 * per person, a sub-account being its parent's (`principalSql`): whoever asked for the item, or
 * any account of theirs, may not approve it, and one person approves it at most once, from
 * whichever of their accounts. Answers how many distinct people approved it now and how many
 * it needs (`requiredApprovalsSql`, read with the item's lock, so the thresholds and tiers of
 * this transaction). The caller moves the item on once there are enough.
 */
export async function recordApproval(
  tx: Queryable,
  subject: ApprovalSubject,
  spec: { id: string; approverId: string; target: string; at: Date },
): Promise<ApprovalCount> {
  const item = await lockItem(tx, subject, spec.id);
  if (!item) throw notFound(`No ${subject.noun} has this id`);
  checkDestination(subject, item);
  if (!canTransition(subject.lifecycle, item.status, spec.target, subject.path))
    throw conflict(
      `A ${item.status.replaceAll('_', ' ')} ${subject.noun} cannot become ${spec.target.replaceAll('_', ' ')}`,
    );
  await checkNotExpired(tx, subject, item, spec.at);
  const approver = await findApprover(tx, subject, spec);
  if (item.creator === approver.principal)
    throw notAllowed(
      `This ${subject.noun} was asked for by you or an account of yours (a sub-account and its parent count as one person), so another admin must approve it`,
    );
  if (approver.approvedAs)
    throw conflict(
      approver.approvedAs === spec.approverId
        ? `You have already approved this ${subject.noun}; another admin must approve it`
        : `An account of yours has already approved this ${subject.noun} (a sub-account and its parent count as one approver); another admin must approve it`,
    );
  await tx.query(
    `INSERT INTO approvals (ref_type, ref_id, approver_account_id, principal_account_id, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [subject.refType, spec.id, spec.approverId, approver.principal, spec.at.toISOString()],
  );
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(DISTINCT principal_account_id)::int AS n FROM approvals
      WHERE ref_type = $1 AND ref_id = $2`,
    [subject.refType, spec.id],
  );
  return { status: item.status, approvals: rows[0]!.n, required: item.required };
}

/**
 * Checks a rejection's reason code (one an admin may pick; `expired` only for the system)
 * before anything changes: an unknown one is a 400 naming `reasonCode` and the choices.
 */
export async function checkRejectReason(
  tx: Queryable,
  code: string,
  options: { isSystem?: boolean } = {},
): Promise<void> {
  const reason = await findRejectReason(tx, code);
  if (reason && reason.is_system === Boolean(options.isSystem)) return;
  const choices = (await listRejectReasons(tx)).filter((r) => !r.is_system).map((r) => r.code);
  throw badInput(`reasonCode must be one of ${choices.join(', ')}`);
}

/** Keeps a rejection's reason code and note on the item, where its requester reads them. */
export async function saveRejection(
  tx: Queryable,
  subject: ApprovalSubject,
  id: string,
  rejection: { reasonCode: string; note: string },
): Promise<void> {
  await tx.query(
    `UPDATE ${subject.table} SET decision_reason_code = $2, decision_note = $3 WHERE id = $1`,
    [id, rejection.reasonCode, rejection.note],
  );
}
