import { acceptDispute, saveDisputeEvidence, type DisputeRow } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../ui/money/api/send-decision';

/** The merchant's written evidence, as the form holds it. */
export interface EvidenceDraft {
  readonly productDescription: string;
  readonly customerCommunication: string;
  readonly serviceProof: string;
  readonly note: string;
}

/**
 * Saves the evidence as a draft, or submits it (final: it goes to the gateway with the files);
 * lists, details and balances read again afterwards.
 */
export async function sendEvidence(
  id: string,
  evidence: EvidenceDraft,
  { submit, reason }: { submit: boolean; reason: string },
): Promise<DisputeRow> {
  const row = await callApi(
    saveDisputeEvidence,
    { id, ...evidence, ...(submit ? { submit: true } : {}), ...(reason ? { reason } : {}) },
    { errors: 'inline' },
  );
  await refreshMoneyViews();
  return row;
}

/** Accepts the dispute: it is lost, its hold taken for good. */
export async function sendAcceptance(id: string, reason: string): Promise<void> {
  await callApi(acceptDispute, { id, ...(reason ? { reason } : {}) }, { errors: 'inline' });
  await refreshMoneyViews();
}
