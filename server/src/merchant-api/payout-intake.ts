import type { apiCreatePayout } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { runWrites } from '../db/writes';
import { heldNoticeWrites, intakeStatusOf, ownerFacts } from '../modules/money-flow/intake-status';
import { sendPayoutToGateway } from '../modules/payouts/payout-flow';
import { createPayouts } from '../modules/payouts/payouts.service';
import { riskContextOf } from '../modules/risk/risk-context';
import { decideIntake, intakeWrites } from '../modules/risk/risk-intake';
import type { IntakeFacts } from '../modules/risk/risk-types';
import type { ApiAnswer, ApiCall } from './api-route';
import { amountOf } from './api-route';
import { customerFacts, riskBlockedAnswer } from './api-risk';
import { runIdempotent } from './idempotency';
import { apiPayoutView } from './merchant-api-views';

/**
 * `POST /payouts`: in one transaction the key claimed, risk controls' decision (docs/risk.md),
 * the pay-out made (amount and fee reserved; `processing`, or held or blocked) and its answer
 * saved with the key; after it, a pay-out in `processing` goes to its gateway. A blocked one is
 * answered 403 `risk_blocked`, on every replay too.
 */
export async function openApiPayout(
  db: Db,
  call: ApiCall<z.output<typeof apiCreatePayout>>,
  judge: () => void,
): Promise<ApiAnswer> {
  const { merchantId, input } = call;
  const amount = amountOf(input.amount, input.currency);
  // Read before the transaction: on the embedded database its one connection is the transaction's.
  const risk = await riskContextOf(db);
  const result = await runIdempotent(
    db,
    call,
    (_key, _hash, guard, save) =>
      db.transaction(async (tx) => {
        await guard(tx);
        const facts: IntakeFacts = {
          kind: 'payout',
          ...(await ownerFacts(tx, merchantId)),
          amount,
          currency: input.currency,
          orderId: input.order_id,
          bankAccount: input.account_number,
          ...customerFacts(input.customer),
          sourceIp: call.request.ip,
          at: new Date(),
        };
        const [decided] = await decideIntake(tx, risk, [facts]);
        const [p] = await createPayouts(tx, [
          {
            merchantId,
            orderId: input.order_id,
            currency: input.currency,
            amount,
            bankName: input.bank_name,
            accountNumber: input.account_number,
            accountHolder: input.account_holder,
            inHouse: false,
            notifyUrl: input.notify_url,
            createdAt: facts.at,
            status: intakeStatusOf(decided!.verdict) ?? 'processing',
          },
        ]);
        await runWrites(tx, [intakeWrites([decided!], [p!.id]), heldNoticeWrites('payout', [p!])]);
        const view = apiPayoutView(p!);
        const blocked = riskBlockedAnswer('pay-out', view);
        await save(tx, blocked?.body ?? view, blocked?.status);
        return blocked?.body ?? view;
      }),
    judge,
  );
  if (result.status === 201) await sendPayoutToGateway(db, (result.body as { id: string }).id);
  return result;
}
