import {
  acceptDispute,
  formatAmount,
  getDisputeList,
  readPositiveAmount,
  saveDisputeEvidence,
  simulateDispute,
  type DisputeRow,
} from '@bo/contract';
import { badInput, notFound } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { isUuid } from '../../http/validation';
import { recordAdminLog } from '../admin-logs/admin-log';
import { decide } from '../money-flow/decision';
import { serveList } from '../scoped-lists/list-query';
import type { FixedCondition } from '../scoped-lists/list-totals';
import { isoOrNull } from '../scoped-lists/scope';
import { findPayinInScope } from '../payins/payins.service';
import { answerTarget, checkAnswerable } from './dispute-answer';
import { answerWithEvidence } from './dispute-evidence';
import { DEFAULT_RESPOND_HOURS, sendDisputeAnswer, simulateDisputeOn } from './dispute-flow';
import { registerDisputeFileCalls } from './dispute-files.calls';
import {
  DISPUTE_OPEN_ONLY,
  disputeList,
  disputesTable,
  type DisputeListRow,
  type DisputeRecord,
} from './disputes.queries';
import { changeDisputes } from './disputes.service';

/** The disputes of one pay-in; a text that is no id matches none. */
const disputesOfPayin = (payinId: string): FixedCondition =>
  isUuid(payinId) ? `d.payin_id = '${payinId}'` : 'false';

/** A dispute as the back-office lists show it. */
export const viewDispute = (d: DisputeListRow): DisputeRow => ({
  id: d.id,
  payin_id: d.payin_id,
  order_id: d.order_id,
  merchant_db_code: d.merchant_db_code,
  merchant_name: d.merchant_name,
  reseller_db_code: d.reseller_db_code,
  reseller_name: d.reseller_name,
  currency: d.currency,
  amount: formatAmount(d.amount, d.currency),
  fee: formatAmount(d.fee, d.currency),
  returned_fee: formatAmount(d.fee_returned, d.currency),
  shortfall: formatAmount(d.shortfall, d.currency),
  status: d.status,
  reason_code: d.reason_code,
  respond_by: d.respond_by.toISOString(),
  payment_gateway_code: d.payment_gateway_code,
  gateway_reference: d.gateway_reference || null,
  evidence_product_description: d.evidence_product_description,
  evidence_customer_communication: d.evidence_customer_communication,
  evidence_service_proof: d.evidence_service_proof,
  evidence_note: d.evidence_note,
  evidence_submitted_at: isoOrNull(d.evidence_submitted_at),
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
  completed_at: isoOrNull(d.completed_at),
});

/**
 * Dispute calls: the scoped list, the sandbox's simulation, and the merchant's answers (its
 * evidence files: `dispute-files.calls`).
 */
export function registerDisputeCalls(registry: CallRegistry): void {
  registerDisputeFileCalls(registry);
  registry
    .list(
      getDisputeList,
      serveList(disputeList, viewDispute, (input) => [
        ...(input.openOnly ? [DISPUTE_OPEN_ONLY] : []),
        ...(input.payinId ? [disputesOfPayin(input.payinId)] : []),
      ]),
    )
    .user(simulateDispute, async (ctx, input) => {
      const payin = await findPayinInScope(ctx.db, ctx.actor, input.payinId);
      if (!payin) throw notFound('No pay-in in your scope has this id');
      let amount: bigint | null = null;
      if (input.amount !== undefined) {
        const read = readPositiveAmount(input.amount, payin.currency);
        if (!read.ok) throw badInput(`amount ${read.message}`);
        amount = read.minor;
      }
      const hours = input.respondInHours ?? DEFAULT_RESPOND_HOURS;
      const dispute = await simulateDisputeOn(
        ctx.db,
        {
          payin,
          amount,
          reasonCode: input.reasonCode,
          respondBy: new Date(Date.now() + hours * 3_600_000),
          createdBy: ctx.actor.accountId,
        },
        (tx, d) =>
          recordAdminLog(tx, ctx, {
            action: 'dispute.simulate',
            actor: ctx.actor,
            targetType: 'dispute',
            targetId: d.id,
            at: d.created_at,
            after: { payin_id: d.payin_id, status: d.status, reason_code: d.reason_code },
          }),
      );
      const row = await disputeList.byId(ctx.db, ctx.actor, dispute.id);
      if (!row) throw notFound('No dispute has this id');
      return viewDispute(row);
    })
    .user(acceptDispute, async (ctx, input) => {
      await answerTarget(ctx, input.id, input.reason);
      let accepted: DisputeRecord | null = null;
      const answer = await decide(ctx, {
        action: 'dispute.accept',
        targetType: 'dispute',
        target: 'accepted',
        id: input.id,
        reason: input.reason,
        change: async (tx, at) => {
          const [locked] = await disputesTable.lock(tx, [input.id]);
          if (locked?.status === 'opened') checkAnswerable(locked, at);
          const results = await changeDisputes(tx, [{ id: input.id, status: 'accepted', at }]);
          accepted = results[0]?.applied ? (results[0].record ?? null) : null;
          return results;
        },
      });
      if (accepted) await sendDisputeAnswer(ctx.db, accepted, 'accepted');
      return answer;
    })
    .user(saveDisputeEvidence, async (ctx, input) => {
      // The list row read for the scope check, with the dispute as the answer left it: the
      // names it joins do not change with an answer.
      const target = await answerTarget(ctx, input.id, input.reason);
      const answered = await answerWithEvidence(ctx, input.id, input);
      return viewDispute({ ...target, ...answered });
    });
}
