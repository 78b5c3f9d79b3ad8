import { REFUSAL_REASONS, RISK_BLOCKED_STATUS, type apiCustomer } from '@bo/contract';
import type { z } from 'zod';
import type { IntakeFacts } from '../modules/risk/risk-types';

/** The request's customer (optional in the API) as risk facts name it. */
export const customerFacts = (
  customer: z.output<typeof apiCustomer> | undefined,
): Pick<IntakeFacts, 'customerId' | 'email' | 'customerIp'> => ({
  ...(customer?.id !== undefined && { customerId: customer.id }),
  ...(customer?.email !== undefined && { email: customer.email }),
  ...(customer?.ip !== undefined && { customerIp: customer.ip }),
});

/**
 * A request a risk rule blocked at intake, as the merchant API answers it (and replays it for
 * its Idempotency-Key): 403 `risk_blocked`, with the item kept as `blocked` (`item`: its view,
 * so its id can be read back); null for any other status.
 */
export function riskBlockedAnswer(
  noun: string,
  view: { readonly id: string; readonly status: string },
): { status: number; body: unknown } | null {
  if (view.status !== RISK_BLOCKED_STATUS) return null;
  return {
    status: 403,
    body: {
      error: {
        code: REFUSAL_REASONS.riskBlocked,
        message: `A risk rule blocked this ${noun}: it is kept as blocked (id ${view.id}) and moves no money`,
      },
      item: view,
    },
  };
}
