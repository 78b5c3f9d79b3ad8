import { formatAmount } from '@bo/contract';
import type { z } from 'zod';
import type { apiDispute, apiPayin, apiPayout } from '@bo/contract';
import { disputeSummary, type DisputeRecord } from '../modules/disputes/disputes.service';
import { absolutePaymentUrl } from '../modules/payins/payment-url';
import type { PayinWithAfterCare } from '../modules/payins/payins.service';
import { payoutCompletedAt, type PayoutRecord } from '../modules/payouts/payouts.service';

/** A pay-in as the merchant API answers it; `payment_url` absolute, on PUBLIC_URL. */
export const apiPayinView = (
  p: PayinWithAfterCare,
  publicUrl: string,
): z.infer<typeof apiPayin> => ({
  id: p.id,
  order_id: p.order_id,
  status: p.status,
  amount: formatAmount(p.amount, p.currency),
  fee: formatAmount(p.fee, p.currency),
  net_amount: formatAmount(p.net_amount, p.currency),
  currency: p.currency,
  payment_url: absolutePaymentUrl(p.payment_url, publicUrl),
  created_at: p.created_at.toISOString(),
  completed_at: p.completed_at ? p.completed_at.toISOString() : null,
  refunded_amount: formatAmount(p.refunded_amount, p.currency),
  disputed: p.disputed,
});

/** A pay-out as the merchant API answers it. */
export const apiPayoutView = (p: PayoutRecord): z.infer<typeof apiPayout> => ({
  id: p.id,
  order_id: p.order_id,
  status: p.status,
  amount: formatAmount(p.amount, p.currency),
  fee: formatAmount(p.fee, p.currency),
  currency: p.currency,
  created_at: p.created_at.toISOString(),
  completed_at: payoutCompletedAt(p),
});

/**
 * A dispute as the merchant API answers it (list, read, evidence): its summary, as its
 * notifications carry it, with the evidence and its times.
 */
export const apiDisputeView = (d: DisputeRecord): z.infer<typeof apiDispute> => ({
  ...disputeSummary(d),
  returned_fee: formatAmount(d.fee_returned, d.currency),
  evidence: {
    product_description: d.evidence_product_description,
    customer_communication: d.evidence_customer_communication,
    service_proof: d.evidence_service_proof,
    note: d.evidence_note,
    submitted_at: d.evidence_submitted_at ? d.evidence_submitted_at.toISOString() : null,
  },
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
  completed_at: d.completed_at ? d.completed_at.toISOString() : null,
});
