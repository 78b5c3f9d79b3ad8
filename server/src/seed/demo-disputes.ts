import type { DisputeReasonCode } from '@bo/contract';
import { DEFAULT_NOTIFY_MAX_ATTEMPTS } from '../config/config';
import type { Queryable } from '../db/db';
import {
  changeDisputes,
  openDispute,
  saveEvidenceText,
  type DisputeChange,
  type EvidenceText,
} from '../modules/disputes/disputes.service';
import { recordPastDeliveries } from '../modules/merchant-notifications/merchant-notifications.service';
import { changeSettlements, requestSettlements } from '../modules/settlements/settlements.service';
import { demoDeliveryAttempts } from './demo-api-traffic';
import { demoSettlementDestination } from './demo-queues';
import { availableBalances, fitSettlements } from './demo-settlement-fit';
import { LONE_WRITER_SLOT } from '../ledger/rollups';

/** A successful pay-in of the day a demo dispute may be opened on. */
export interface DisputablePayin {
  readonly id: string;
  readonly merchant_account_id: string;
  readonly currency: string;
  readonly amount: bigint;
  readonly created_at: Date;
}

type Outcome =
  | 'won, fee returned'
  | 'won, fee kept'
  | 'accepted, lost'
  | 'unanswered, lost'
  | 'evidence submitted'
  | 'opened';

interface Plan {
  readonly reason: DisputeReasonCode;
  readonly outcome: Outcome;
  /** Hours from its opening to its deadline. */
  readonly respondHours: number;
  /** At least this many hours left at the seed's time (one the dashboard counts as due soon). */
  readonly leftHours?: number;
  /** The merchant had just settled its whole balance: the hold leaves it owing. */
  readonly short?: boolean;
  /** The merchant (its code) it is opened on; by default the one of the day's third pay-in. */
  readonly merchant?: string;
}

const HOUR_MS = 3_600_000;

/** The gateway rules this long after the merchant's time to respond is over (never before). */
const RULING_AFTER_RESPOND_BY_HOURS = 48;

/**
 * One dispute on some days of the history, each a different step of its lifecycle: won (the fee
 * given back, and kept), lost (accepted, and unanswered past its deadline), waiting for the
 * gateway's ruling, and waiting for the merchant's answer (one on MER00001, the merchant the demo
 * signs in as, so it has one to practise on; one due within two days, opened after its merchant
 * settled all it had, so it owes what the hold could not take).
 */
const PLANS: Readonly<Record<number, Plan>> = {
  33: { reason: 'fraudulent', outcome: 'won, fee returned', respondHours: 7 * 24 },
  26: { reason: 'general', outcome: 'won, fee kept', respondHours: 7 * 24 },
  19: { reason: 'product_not_received', outcome: 'accepted, lost', respondHours: 7 * 24 },
  15: { reason: 'duplicate', outcome: 'unanswered, lost', respondHours: 7 * 24 },
  5: { reason: 'subscription_canceled', outcome: 'evidence submitted', respondHours: 7 * 24 },
  3: {
    reason: 'product_not_received',
    outcome: 'opened',
    respondHours: 7 * 24,
    leftHours: 72,
    merchant: 'MER00001',
  },
  1: {
    reason: 'fraudulent',
    outcome: 'opened',
    respondHours: 30,
    leftHours: 30,
    short: true,
    // Not MER00001: the browser tests pay out from it.
    merchant: 'MER00004',
  },
};

const EVIDENCE: EvidenceText = {
  productDescription: 'Wireless headphones, order confirmed by e-mail',
  customerCommunication: 'The payer wrote on the day after delivery that the parcel had arrived',
  serviceProof: 'Courier tracking TH-DEMO-4412, delivered and signed for',
  note: '',
};

/**
 * Settles all the merchant's available balance in the currency (its fee included), approved and
 * completed at once, so a dispute opened next finds nothing to hold.
 */
async function settleEverything(tx: Queryable, p: DisputablePayin, id: string, at: Date) {
  const available = await availableBalances(tx);
  const item = {
    id,
    merchantId: p.merchant_account_id,
    destination: 'bank' as const,
    currency: p.currency,
    amount: available.get(`${p.merchant_account_id}:${p.currency}`) ?? 0n,
    ...demoSettlementDestination('bank'),
    createdAt: at,
  };
  const [settlement] = await requestSettlements(
    tx,
    await fitSettlements(tx, [item], available),
    LONE_WRITER_SLOT,
  );
  if (!settlement) return;
  await changeSettlements(
    tx,
    [
      { id: settlement.id, status: 'approved', at },
      { id: settlement.id, status: 'completed', at },
    ],
    LONE_WRITER_SLOT,
  );
}

/**
 * The day's demo dispute (`PLANS`), through the real dispute code: opened on the day's third
 * successful pay-in (the first two may be refunded; or its named merchant's first) two days after
 * it was paid, the hold taken
 * at once; the merchant answers or accepts a day later, the gateway rules two days
 * after the respond-by is over (never before it), and one left unanswered is lost at its deadline as the deadline
 * sweep loses it. `merchantIdOf`: a merchant's id by its code (for plans naming their merchant);
 * `now`: the seed's time, which no step passes.
 */
export async function seedDemoDisputes(
  tx: Queryable,
  payins: readonly DisputablePayin[],
  daysAgo: number,
  idOf: (name: string) => string,
  merchantIdOf: (code: string) => string | undefined,
  now: Date,
): Promise<void> {
  const plan = PLANS[daysAgo];
  if (!plan) return;
  const candidates = plan.merchant
    ? payins.filter((p) => p.merchant_account_id === merchantIdOf(plan.merchant!))
    : payins.slice(2);
  const payin = candidates[0];
  if (!payin) return;
  const made = payin.created_at.getTime();
  // Two days after its pay-in; the last days' an hour after it, and never after the seed's time.
  const openedAt = new Date(
    Math.min(made + (daysAgo >= 3 ? 48 : 1) * HOUR_MS, now.getTime() - 60_000),
  );
  const at = (hours: number) => new Date(openedAt.getTime() + hours * HOUR_MS);
  const respondBy =
    plan.leftHours === undefined
      ? at(plan.respondHours)
      : new Date(
          Math.max(at(plan.respondHours).getTime(), now.getTime() + plan.leftHours * HOUR_MS),
        );
  const ruledAt = new Date(
    Math.min(respondBy.getTime() + RULING_AFTER_RESPOND_BY_HOURS * HOUR_MS, now.getTime() - 30_000),
  );
  const key = `${daysAgo}:dispute`;
  if (plan.short) await settleEverything(tx, payin, idOf(`${key}:settle`), new Date(made + 1_000));
  const dispute = await openDispute(tx, {
    id: idOf(key),
    payinId: payin.id,
    amount: payin.amount,
    // The sandbox's fee: 1% of the disputed amount, rounded down.
    fee: payin.amount / 100n,
    reasonCode: plan.reason,
    respondBy,
    reference: `DEMO-DP-${idOf(key).slice(0, 8)}`,
    createdBy: null,
    at: openedAt,
  });
  const changes: DisputeChange[] = [];
  const id = dispute.id;
  switch (plan.outcome) {
    case 'won, fee returned':
    case 'won, fee kept':
    case 'evidence submitted':
      await saveEvidenceText(tx, id, EVIDENCE, at(24), at(24));
      changes.push({ id, status: 'evidence_submitted', at: at(24) });
      if (plan.outcome !== 'evidence submitted')
        changes.push({
          id,
          status: 'won',
          at: ruledAt,
          feeReturned: plan.outcome === 'won, fee returned',
        });
      break;
    case 'accepted, lost':
      changes.push({ id, status: 'accepted', at: at(24) }, { id, status: 'lost', at: ruledAt });
      break;
    case 'unanswered, lost':
      changes.push({ id, status: 'lost', at: respondBy });
      break;
    case 'opened':
      break;
  }
  // Each step's notification to the merchant, delivered as the demo's others were.
  const delivered = (when: Date) =>
    recordPastDeliveries(
      tx,
      [{ refId: id, attempts: demoDeliveryAttempts(`${id}:${when.getTime()}`, when, now) }],
      DEFAULT_NOTIFY_MAX_ATTEMPTS,
    );
  await delivered(openedAt);
  for (const change of changes) {
    await changeDisputes(tx, [change]);
    await delivered(change.at);
  }
}
