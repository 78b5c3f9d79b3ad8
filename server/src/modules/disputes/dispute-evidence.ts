import { badInput, notFound } from '../../core/app-error';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { decide, type Decider } from '../money-flow/decision';
import { checkAnswerable } from './dispute-answer';
import { sendDisputeAnswer } from './dispute-flow';
import { countDisputeFiles } from './dispute-files.queries';
import {
  disputesTable,
  saveEvidenceText,
  type DisputeRecord,
  type EvidenceText,
} from './disputes.queries';
import { changeLockedDisputes } from './disputes.service';

/**
 * The merchant's written answer to a dispute, as the back office and the merchant API read it:
 * each field sent replaces the saved one, a field not sent is kept; `submit` makes it final.
 */
export interface EvidenceRequest {
  readonly productDescription?: string;
  readonly customerCommunication?: string;
  readonly serviceProof?: string;
  readonly note?: string;
  readonly submit?: boolean;
  /** Why an admin answers on a merchant's behalf (kept in the admin log). */
  readonly reason?: string;
}

/**
 * What a caller writes in the answer's own transaction: `first`, before anything (the merchant
 * API's idempotency guard), and `last`, with the dispute as the answer left it (its saved
 * response).
 */
export interface EvidenceHooks {
  readonly first?: (tx: Queryable) => Promise<void>;
  readonly last?: (tx: Queryable, dispute: DisputeRecord) => Promise<void>;
}

/** The evidence a request leaves: each field sent replaces the saved one, others are kept. */
function evidenceOf(d: DisputeRecord, input: EvidenceRequest): EvidenceText {
  return {
    productDescription: input.productDescription ?? d.evidence_product_description,
    customerCommunication: input.customerCommunication ?? d.evidence_customer_communication,
    serviceProof: input.serviceProof ?? d.evidence_service_proof,
    note: input.note ?? d.evidence_note,
  };
}

/** A dispute with its evidence text as saved `at`. */
const withEvidence = (d: DisputeRecord, e: EvidenceText, at: Date): DisputeRecord => ({
  ...d,
  evidence_product_description: e.productDescription,
  evidence_customer_communication: e.customerCommunication,
  evidence_service_proof: e.serviceProof,
  evidence_note: e.note,
  updated_at: at,
});

/** Saves a draft of a dispute's evidence (no state change), with its admin-log entry. */
function saveDraft(by: Decider, id: string, input: EvidenceRequest, hooks: EvidenceHooks) {
  return by.db.transaction(async (tx) => {
    await hooks.first?.(tx);
    const [locked] = await disputesTable.lock(tx, [id]);
    if (!locked) throw notFound('No dispute in your scope has this id');
    const at = new Date();
    checkAnswerable(locked, at);
    const evidence = evidenceOf(locked, input);
    await saveEvidenceText(tx, id, evidence, at, null);
    await recordAdminLog(tx, by, {
      action: 'dispute.evidence_draft',
      actor: by.actor,
      targetType: 'dispute',
      targetId: id,
      at,
      after: { ...evidence, reason: input.reason ?? null },
    });
    const saved = withEvidence(locked, evidence, at);
    await hooks.last?.(tx, saved);
    return saved;
  });
}

/**
 * Submits a dispute's evidence (final): its text saved and the dispute moved to
 * `evidence_submitted` in one transaction with the admin log, then sent to its gateway, which
 * rules by callback. Its files are final with it (none is added or removed once the dispute is
 * no longer `opened`). Text or at least one file is needed.
 */
async function submitEvidence(
  by: Decider,
  id: string,
  input: EvidenceRequest,
  hooks: EvidenceHooks,
) {
  let submitted: DisputeRecord | null = null;
  let fileCount = 0;
  await decide(by, {
    action: 'dispute.submit_evidence',
    targetType: 'dispute',
    target: 'evidence_submitted',
    id,
    reason: input.reason,
    change: async (tx, at) => {
      await hooks.first?.(tx);
      const [locked] = await disputesTable.lock(tx, [id]);
      if (!locked) return [{ applied: false, from: null, status: null }];
      checkAnswerable(locked, at);
      const evidence = evidenceOf(locked, input);
      fileCount = await countDisputeFiles(tx, id);
      if (fileCount === 0 && !Object.values(evidence).some((v) => v !== ''))
        throw badInput('evidence: give at least one field or file before submitting');
      await saveEvidenceText(tx, id, evidence, at, at);
      // The dispute as just written (no second read): its evidence saved and submitted.
      const written = { ...withEvidence(locked, evidence, at), evidence_submitted_at: at };
      const results = await changeLockedDisputes(
        tx,
        [written],
        [{ id, status: 'evidence_submitted', at }],
      );
      submitted = results[0]?.applied ? (results[0].record ?? null) : null;
      if (submitted) await hooks.last?.(tx, submitted);
      return results;
    },
  });
  // decide() answered: the lifecycle applied the change, so the record is there.
  const record = submitted as DisputeRecord | null;
  if (!record) throw notFound('No dispute in your scope has this id');
  await sendDisputeAnswer(by.db, record, { fileCount });
  return record;
}

/**
 * The one rule of a merchant's written answer, for the back office and the merchant API alike:
 * a draft (saved, editable until the deadline) or, with `submit`, the final answer sent to the
 * gateway. Only a dispute still `opened` and before its `respond_by` is answered (409
 * otherwise); a submit needs at least one field or file. The caller has checked the dispute is in its
 * scope. Answers the dispute as the answer left it.
 */
export function answerWithEvidence(
  by: Decider,
  id: string,
  input: EvidenceRequest,
  hooks: EvidenceHooks = {},
): Promise<DisputeRecord> {
  return input.submit ? submitEvidence(by, id, input, hooks) : saveDraft(by, id, input, hooks);
}
