import {
  acceptDispute,
  formatAmount,
  getDisputeList,
  readPositiveAmount,
  saveDisputeEvidence,
  simulateDispute,
  type DisputeRow,
} from '@bo/contract';
import type { z } from 'zod';
import { badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { isUuid } from '../../http/validation';
import { recordAdminLog } from '../admin-logs/admin-log';
import { decide } from '../money-scope/decision';
import { serveList } from '../money-scope/list-query';
import type { FixedCondition } from '../money-scope/list-totals';
import { isoOrNull } from '../money-scope/scope';
import { findPayinInScope } from '../payins/payins.service';
import { answerTarget, checkAnswerable } from './dispute-answer';
import { sendDisputeAnswer, simulateDisputeOn } from './dispute-flow';
import { registerDisputeFileCalls } from './dispute-files.calls';
import { submitDisputeFiles } from './dispute-files.queries';
import {
  DISPUTE_OPEN_ONLY,
  disputeList,
  disputesTable,
  saveEvidenceText,
  type DisputeListRow,
  type DisputeRecord,
  type EvidenceText,
} from './disputes.queries';
import { changeDisputes } from './disputes.service';

/** The disputes of one pay-in; a text that is no id matches none. */
const disputesOfPayin = (payinId: string): FixedCondition =>
  isUuid(payinId) ? `d.payin_id = '${payinId}'` : 'false';

/** How long a simulated dispute gives the merchant to answer, unless asked otherwise. */
const DEFAULT_RESPOND_HOURS = 7 * 24;

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

/** The fields of an evidence request, as read. */
type EvidenceInput = z.output<(typeof saveDisputeEvidence)['request']>;

/** The evidence a request leaves: each field sent replaces the saved one, others are kept. */
function evidenceOf(d: DisputeRecord, input: EvidenceInput): EvidenceText {
  return {
    productDescription: input.productDescription ?? d.evidence_product_description,
    customerCommunication: input.customerCommunication ?? d.evidence_customer_communication,
    serviceProof: input.serviceProof ?? d.evidence_service_proof,
    note: input.note ?? d.evidence_note,
  };
}

/** Saves a draft of a dispute's evidence (no state change), with its admin-log entry. */
async function saveDraft(ctx: UserCallContext, id: string, input: EvidenceInput) {
  await ctx.db.transaction(async (tx) => {
    const [locked] = await disputesTable.lock(tx, [id]);
    if (!locked) throw notFound('No dispute in your scope has this id');
    const at = new Date();
    checkAnswerable(locked, at);
    const evidence = evidenceOf(locked, input);
    await saveEvidenceText(tx, id, evidence, at, null);
    await recordAdminLog(tx, ctx, {
      action: 'dispute.evidence_draft',
      actor: ctx.actor,
      targetType: 'dispute',
      targetId: id,
      at,
      after: { ...evidence, reason: input.reason ?? null },
    });
  });
}

/**
 * Submits a dispute's evidence (final): its text saved, its files marked submitted and the
 * dispute moved to `evidence_submitted` in one transaction with the admin log, then sent to its
 * gateway, which rules by callback. Text or at least one file is needed.
 */
async function submitEvidence(ctx: UserCallContext, id: string, input: EvidenceInput) {
  let submitted: DisputeRecord | null = null;
  let fileCount = 0;
  await decide(ctx, {
    action: 'dispute.submit_evidence',
    targetType: 'dispute',
    target: 'evidence_submitted',
    id,
    reason: input.reason,
    change: async (tx, at) => {
      const [locked] = await disputesTable.lock(tx, [id]);
      if (!locked) return [{ applied: false, from: null, status: null }];
      checkAnswerable(locked, at);
      const evidence = evidenceOf(locked, input);
      fileCount = await submitDisputeFiles(tx, id, at);
      if (fileCount === 0 && !Object.values(evidence).some((v) => v !== ''))
        throw badInput('evidence: give at least one field or file before submitting');
      await saveEvidenceText(tx, id, evidence, at, at);
      const results = await changeDisputes(tx, [{ id, status: 'evidence_submitted', at }]);
      submitted = results[0]?.record ?? null;
      return results;
    },
  });
  if (submitted) await sendDisputeAnswer(ctx.db, submitted, { fileCount });
}

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
      await answerTarget(ctx, input.id, input.reason);
      if (input.submit) await submitEvidence(ctx, input.id, input);
      else await saveDraft(ctx, input.id, input);
      const row = await disputeList.byId(ctx.db, ctx.actor, input.id);
      if (!row) throw notFound('No dispute in your scope has this id');
      return viewDispute(row);
    });
}
