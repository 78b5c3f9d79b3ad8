import { formatAmount } from '@bo/contract';
import type { z } from 'zod';
import type { apiPayin, apiPayout } from '@bo/contract';
import { absolutePaymentUrl } from '../modules/payins/payment-url';
import type { PayinRecord } from '../modules/payins/payins.service';
import { payoutCompletedAt, type PayoutRecord } from '../modules/payouts/payouts.service';

/** A pay-in as the merchant API answers it; `payment_url` absolute, on PUBLIC_URL. */
export const apiPayinView = (p: PayinRecord, publicUrl: string): z.infer<typeof apiPayin> => ({
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
