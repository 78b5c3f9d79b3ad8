import type { Queryable } from '../db/db';
import { sandboxPayinPage } from '../connectors/sandbox/sandbox-gateway';
import { findBalancesByPurpose } from '../modules/balances/balances.service';
import { changePayins, createPayins } from '../modules/payins/payins.service';
import { changePayouts, createPayouts } from '../modules/payouts/payouts.service';
import { requestSettlements } from '../modules/settlements/settlements.service';
import { createTopUps } from '../modules/top-ups/top-ups.service';
import { findAccountByEmail } from '../modules/accounts/accounts.service';
import { demoQueueSeeds } from '../kind-registry/money-kinds';
import { requestWithdrawals } from '../modules/withdrawals/withdrawals.service';
import { LONE_WRITER_SLOT } from '../ledger/rollups';

/** A demo USDT wallet address (TRC-20, valid base58check). */
const DEMO_WALLET_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Where a demo settlement goes: a demo bank account, or the demo USDT wallet address. */
export const demoSettlementDestination = (destination: 'bank' | 'usdt_wallet') =>
  destination === 'bank'
    ? { bankName: 'Demo Settlement Bank', accountNumber: '998877', accountHolder: 'Demo Merchant' }
    : { bankName: 'USDT TRC-20', accountNumber: DEMO_WALLET_ADDRESS, accountHolder: '' };

/** A merchant's currency in the demo world, with a typical pay-in amount in minor units. */
export interface QueueLane {
  readonly merchantId: string;
  readonly resellerId: string | null;
  readonly currency: string;
  readonly typical: bigint;
}

/**
 * What waits for someone in the demo world at its start, so that every queue screen has rows:
 * pay-ins still processing (one of them stuck), pay-outs waiting for approval and an approved
 * in-house one, settlements to bank and to the USDT wallet, reseller withdrawals, a top-up, and
 * what each kind's `demoQueue` adds (balance adjustments), all made a little before `now`
 * through the real lifecycle code. Ids come from `idOf`.
 */
export async function seedDemoQueues(
  tx: Queryable,
  spec: { lanes: readonly QueueLane[]; idOf: (name: string) => string; now: Date },
): Promise<void> {
  const { idOf, now } = spec;
  const lanes = spec.lanes.slice(0, 3);
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const payins = lanes.flatMap((lane, i) =>
    [40, 6].map((minutes, k) => ({
      id: idOf(`queue:payin:${i}:${k}`),
      merchantId: lane.merchantId,
      orderId: `DEMO-WAIT-${i}-${k}`,
      currency: lane.currency,
      amount: lane.typical * 3n,
      createdAt: ago(minutes + i),
      // The payer takes their time: the stuck one stays on the processing list for hours.
      ttlMs: 6 * 3_600_000,
    })),
  );
  await createPayins(tx, payins, { slot: LONE_WRITER_SLOT });
  await changePayins(
    tx,
    payins.map((p) => ({
      id: p.id,
      status: 'processing' as const,
      at: p.createdAt,
      ...sandboxPayinPage(p.id),
    })),
    { slot: LONE_WRITER_SLOT },
  );
  const payouts = await createPayouts(
    tx,
    lanes.flatMap((lane, i) =>
      [0, 1, 2].map((k) => ({
        id: idOf(`queue:payout:${i}:${k}`),
        merchantId: lane.merchantId,
        orderId: `DEMO-PO-WAIT-${i}-${k}`,
        currency: lane.currency,
        amount: lane.typical * BigInt(2 + k),
        bankName: 'Demo Bank',
        accountNumber: `77${i}${k}`,
        accountHolder: 'Demo Beneficiary',
        inHouse: k === 2,
        createdAt: ago(90 - i * 10 - k),
        status: 'pending_approval' as const,
      })),
    ),
    LONE_WRITER_SLOT,
  );
  await changePayouts(
    tx,
    payouts
      .filter((p) => p.is_in_house)
      .map((p) => ({ id: p.id, status: 'processing' as const, at: ago(20) })),
    LONE_WRITER_SLOT,
  );
  await requestSettlements(
    tx,
    lanes.flatMap((lane, i) =>
      (['bank', 'usdt_wallet'] as const).map((destination, k) => ({
        id: idOf(`queue:settlement:${i}:${destination}`),
        merchantId: lane.merchantId,
        destination,
        currency: lane.currency,
        amount: lane.typical * BigInt(5 + k),
        ...demoSettlementDestination(destination),
        createdAt: ago(120 - i * 7 - k),
      })),
    ),
    LONE_WRITER_SLOT,
  );
  // One commission balance per reseller, so every demo reseller has a withdrawal waiting.
  const commissions = (await findBalancesByPurpose(tx, 'commission')).filter((r) => r.balance > 0n);
  const onePerReseller = commissions.filter(
    (r, i) => commissions.findIndex((other) => other.owner_id === r.owner_id) === i,
  );
  await requestWithdrawals(
    tx,
    onePerReseller
      .map((r, i) => ({
        id: idOf(`queue:withdrawal:${i}`),
        resellerId: r.owner_id,
        currency: r.currency,
        amount: r.balance / 10n,
        bankName: 'Reseller Bank',
        accountNumber: '5566',
        accountHolder: 'Demo Reseller',
        createdAt: ago(200 - i),
      }))
      .filter((w) => w.amount > 0n),
    LONE_WRITER_SLOT,
  );
  const [first] = lanes;
  if (first)
    await createTopUps(
      tx,
      [
        {
          id: idOf('queue:topup:0'),
          merchantId: first.merchantId,
          resellerId: first.resellerId,
          currency: first.currency,
          amount: first.typical * 20n,
          note: 'Pre-funding for the weekend',
          createdBy: null,
          createdAt: ago(30),
        },
      ],
      LONE_WRITER_SLOT,
    );
  const admin = await findAccountByEmail(tx, 'admin@demo.test');
  if (first && admin)
    for (const seed of demoQueueSeeds())
      await seed(tx, { ...first, adminId: admin.id, idOf, at: ago });
}
