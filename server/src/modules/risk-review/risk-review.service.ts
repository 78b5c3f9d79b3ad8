import { decideAccess, moneyKind, RULES, type MoneyKindDef, type RiskRuleKind } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { decide, type DecisionAnswer, type Rejection } from '../money-flow/decision';
import { reviewFacets, type ReviewFacet } from '../money-flow/review-facet';
import { REVIEW_LOG_ACTIONS } from '../risk/risk-types';

/**
 * The kind whose table has a reviewed row with this id (any status: a decided one answers its
 * lifecycle's conflict), one lookup by primary key per reviewed table; null when none has it.
 */
async function findReviewedKind(
  db: Queryable,
  id: string,
): Promise<{ kind: RiskRuleKind; facet: ReviewFacet } | null> {
  const facets = new Map(reviewFacets.all());
  const union = [...facets]
    .map(([kind, { subject }]) => {
      const destination = subject.destination ? `AND destination = '${subject.destination}'` : '';
      return `SELECT '${kind}'::text AS kind FROM ${subject.table} WHERE id = $1 ${destination}`;
    })
    .join(' UNION ALL ');
  const { rows } = await db.query<{ kind: RiskRuleKind }>(`${union} LIMIT 1`, [id]);
  const kind = rows[0]?.kind;
  return kind ? { kind, facet: facets.get(kind)! } : null;
}

/**
 * The held item's kind and review, for a reviewer who may decide that kind: the review queue's
 * rule lets admins with any reviewed kind's module in; each item is also held to its own kind's
 * decision rule (a pay-out's reviewer needs the payout module).
 */
async function reviewOf(ctx: UserCallContext, id: string) {
  const found = await findReviewedKind(ctx.db, id);
  if (!found) throw notFound('No held item has this id');
  const kind: MoneyKindDef = moneyKind(found.kind);
  const rule = RULES[kind.approval?.decisionRule ?? kind.listRule];
  if (decideAccess(rule, ctx.actor) !== 'allowed')
    throw notAllowed(`Reviewing a ${kind.noun} needs the module that runs ${kind.noun}s`);
  return found;
}

/**
 * A reviewer lets a held item go on: the item's approval (maker-checker under its review's
 * subject: distinct people, never whoever asked for it, as many as the rules that held it and
 * its amount need). The last approval moves it on along the review's path, and then sends it
 * on (a pay-out to its gateway).
 */
export async function approveHeld(
  ctx: UserCallContext,
  id: string,
  reason?: string,
): Promise<DecisionAnswer> {
  const { kind, facet } = await reviewOf(ctx, id);
  const answer = await decide(ctx, {
    action: REVIEW_LOG_ACTIONS.approve,
    targetType: kind,
    target: facet.approveTo,
    id,
    reason,
    approval: facet.subject,
    change: (tx, at) => facet.change(tx, id, facet.approveTo, at),
  });
  if (answer.status === facet.approveTo) await facet.afterApprove?.(ctx.db, id);
  return answer;
}

/**
 * A reviewer declines a held item with a reason: it is rejected along the review's path, its
 * reservation voided in the same transaction, the reason kept on the row for its requester.
 */
export function declineHeld(
  ctx: UserCallContext,
  id: string,
  rejection: Rejection,
): Promise<DecisionAnswer> {
  return reviewOf(ctx, id).then(({ kind, facet }) =>
    decide(ctx, {
      action: REVIEW_LOG_ACTIONS.decline,
      targetType: kind,
      target: 'rejected',
      id,
      rejection: { ...rejection, subject: facet.subject },
      change: (tx, at) =>
        facet.change(tx, id, 'rejected', at, { code: rejection.reasonCode, text: rejection.note }),
    }),
  );
}
