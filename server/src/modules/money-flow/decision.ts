import type { Queryable } from '../../db/db';
import { readPositiveAmount } from '@bo/contract';
import { badInput, conflict, notFound } from '../../core/app-error';
import type { RequestOrigin, UserCallContext } from '../../core/context';
import { recordAdminLog, type AdminLogEntry } from '../admin-logs/admin-log';
import { checkRejectReason, recordApproval, saveRejection } from '../approvals/approvals.service';
import type { ApprovalSubject } from '../approvals/approval-subjects';
import { claimRequestKey, requestHash, saveMoneyRequest } from './request-keys';
import { runWrites } from '../../db/writes';
import { riskContextOf } from '../risk/risk-context';
import { decideIntake, intakeWrites } from '../risk/risk-intake';
import {
  intakeStatusOf,
  refuseIfBlocked,
  type RequestFacts,
  type RiskIntakeStatus,
} from './intake-status';

/** What a lifecycle's change function reports of the one item asked for. */
export interface ChangeResult {
  applied: boolean;
  from: string | null;
  status: string | null;
}

/** What a decision answers: the item's status and, for an approval, the approvals so far. */
export interface DecisionAnswer {
  id: string;
  status: string;
  approvals?: number;
  approvals_required?: number;
}

/** A rejection's reason (a code of the list) and note, kept on the item for its requester. */
export interface Rejection {
  readonly reasonCode: string;
  readonly note: string;
}

export interface DecisionSpec {
  action: string;
  targetType: string;
  id: string;
  target: string;
  /** The lifecycle change, stamped `at`: the decision's one time (its log entry's too). */
  change: (tx: Queryable, at: Date) => Promise<ChangeResult[]>;
  reason?: string;
  /** An approval: recorded per admin (maker-checker); the item moves once enough approved. */
  approval?: ApprovalSubject;
  /** A rejection: its reason is checked before anything changes and kept on the item. */
  rejection?: Rejection & { subject: ApprovalSubject; isSystem?: boolean };
  /** What the decision recorded besides its reason (a settlement's bank transfer), logged too. */
  details?: Readonly<Record<string, unknown>>;
}

/** Who decides: a signed-in admin, or the system (the expiry sweep) with no actor. */
export interface Decider extends RequestOrigin {
  readonly db: UserCallContext['db'];
  readonly actor: Pick<UserCallContext['actor'], 'accountId' | 'username' | 'accountType'> | null;
}

const words = (text: string) => text.replaceAll('_', ' ');

/**
 * One back-office decision on a money item, in one transaction: for an approval the
 * maker-checker step (recorded per admin; the item stays where it is until enough distinct
 * admins approved), the lifecycle change (with its journal and rollups), a rejection's reason
 * kept on the item, and the admin log (who, what, before, after, reason) of every decision,
 * a first approval included. Unknown ids are not found; a transition the lifecycle does not
 * allow is a conflict that changes nothing.
 */
export async function decide(ctx: Decider, spec: DecisionSpec): Promise<DecisionAnswer> {
  return ctx.db.transaction(async (tx) => {
    const at = new Date();
    const log = (entry: Pick<AdminLogEntry, 'before' | 'after'>) =>
      recordAdminLog(tx, ctx, {
        action: spec.action,
        actor: ctx.actor,
        actorLabel: ctx.actor ? undefined : 'system',
        targetType: spec.targetType,
        targetId: spec.id,
        at,
        ...entry,
      });
    const reason = {
      reason: spec.reason ?? null,
      ...(spec.rejection
        ? { reason_code: spec.rejection.reasonCode, note: spec.rejection.note }
        : {}),
    };
    let counted: { approvals: number; approvals_required: number } | undefined;
    if (spec.approval) {
      if (!ctx.actor) throw new Error('an approval needs an admin');
      const count = await recordApproval(tx, spec.approval, {
        id: spec.id,
        approverId: ctx.actor.accountId,
        target: spec.target,
        at,
      });
      counted = { approvals: count.approvals, approvals_required: count.required };
      if (count.approvals < count.required) {
        await log({
          before: { status: count.status, approvals: count.approvals - 1 },
          after: { status: count.status, ...counted, ...reason },
        });
        return { id: spec.id, status: count.status, ...counted };
      }
    }
    if (spec.rejection)
      await checkRejectReason(tx, spec.rejection.reasonCode, { isSystem: spec.rejection.isSystem });
    const [result] = await spec.change(tx, at);
    if (!result || result.from === null) throw notFound(`No ${words(spec.targetType)} has this id`);
    if (!result.applied)
      throw conflict(
        `A ${words(result.from)} ${words(spec.targetType)} cannot become ${words(spec.target)}`,
      );
    if (spec.rejection) await saveRejection(tx, spec.rejection.subject, spec.id, spec.rejection);
    await log({
      before: { status: result.from, ...(counted ? { approvals: counted.approvals - 1 } : {}) },
      after: { status: result.status, ...counted, ...reason, ...spec.details },
    });
    return { id: spec.id, status: result.status!, ...counted };
  });
}

/**
 * One request for money to move, made in the back office (a pay-out, a settlement, a
 * withdrawal, a top-up), in one transaction: the amount read exactly in its currency (a bad
 * one is a 400 naming `amount`, nothing written), the form's request key claimed (a repeat
 * answers the first request's answer and creates nothing), the rows `create` makes with it,
 * who asked (the creator may not approve it), and the admin log of what was asked, with the
 * answer as shown.
 */
export async function recordRequest<V extends { id: string }>(
  ctx: UserCallContext,
  spec: {
    action: string;
    targetType: string;
    currency: string;
    amount: string;
    /** The call's fields: `requestKey` among them makes the request idempotent. */
    input: Readonly<Record<string, unknown>> & { requestKey?: string };
    /**
     * What risk controls judge of the request (a kind a rule can watch): its facts but the
     * time and the caller's address, which are the request's own.
     */
    risk?: (tx: Queryable, minor: bigint) => Promise<RequestFacts>;
    /** Creates the rows; `status` is risk controls' when they held or blocked the request. */
    create: (tx: Queryable, minor: bigint, status?: RiskIntakeStatus) => Promise<V>;
  },
): Promise<V> {
  const read = readPositiveAmount(spec.amount, spec.currency);
  if (!read.ok) throw badInput(`amount ${read.message}`);
  const requestedBy = ctx.actor.accountId;
  const key = spec.input.requestKey;
  // Read before the transaction: on the embedded database its one connection is the transaction's.
  const risk = spec.risk && (await riskContextOf(ctx.db));
  const shown = await ctx.db.transaction(async (tx) => {
    if (key !== undefined) {
      const claim = await claimRequestKey(tx, {
        requestedBy,
        refType: spec.targetType,
        key,
        hash: requestHash(spec.action, spec.input),
      });
      if (claim) return claim.replay as V;
    }
    const facts = risk && {
      ...(await spec.risk!(tx, read.minor)),
      at: new Date(),
      ...(ctx.clientIp && { sourceIp: ctx.clientIp }),
    };
    const [decided] = facts ? await decideIntake(tx, risk, [facts]) : [];
    const shown = await spec.create(tx, read.minor, decided && intakeStatusOf(decided.verdict));
    if (decided) await runWrites(tx, [intakeWrites([decided], [shown.id])]);
    await saveMoneyRequest(tx, {
      requestedBy,
      refType: spec.targetType,
      refId: shown.id,
      key,
      response: shown,
    });
    await recordAdminLog(tx, ctx, {
      action: spec.action,
      actor: ctx.actor,
      targetType: spec.targetType,
      targetId: shown.id,
      after: shown,
    });
    return shown;
  });
  refuseIfBlocked(spec.targetType, shown);
  return shown;
}
