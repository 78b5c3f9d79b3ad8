import { DISPUTE_EVIDENCE_MAX, type DisputeRow } from '@bo/contract';
import type { EvidenceDraft } from './api/answer-dispute';

/**
 * The written evidence's fields, in the order the answer dialog asks and the panel shows
 * them: the draft's name (also its label's key, `disputes.evidence.<name>`), the dispute's
 * column, and the longest text the call takes.
 */
export const EVIDENCE_FIELDS = [
  ['productDescription', 'evidence_product_description', DISPUTE_EVIDENCE_MAX.field],
  ['customerCommunication', 'evidence_customer_communication', DISPUTE_EVIDENCE_MAX.field],
  ['serviceProof', 'evidence_service_proof', DISPUTE_EVIDENCE_MAX.field],
  ['note', 'evidence_note', DISPUTE_EVIDENCE_MAX.note],
] as const satisfies readonly (readonly [keyof EvidenceDraft, keyof DisputeRow, number])[];

/** The evidence a dispute has saved, as the answer dialog's draft starts. */
export const draftOf = (row: DisputeRow): EvidenceDraft => ({
  productDescription: row.evidence_product_description,
  customerCommunication: row.evidence_customer_communication,
  serviceProof: row.evidence_service_proof,
  note: row.evidence_note,
});
