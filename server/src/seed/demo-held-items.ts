import type { FastifyBaseLogger } from 'fastify';
import { formatAmount } from '@bo/contract';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { createPayouts } from '../modules/payouts/payouts.service';
import { recordRiskDecisions } from '../modules/risk/risk-decisions';
import { createRule } from '../modules/risk/risk-rules.service';
import { demoAdminContext } from './demo-reconciliation';

/** The demo's rule that held its pay-outs (a draft: it runs at no intake). */
const DEMO_RULE = 'Demo: large pay-outs held for review';
const DEMO_MERCHANT = 'MER00001';

/**
 * What waits in the risk review queue (/risk/review) in the demo world: two THB pay-outs of the
 * demo's first merchant, held by a platform rule of the demo admin's, one for three hours and
 * one for twenty minutes, made as intake makes them (the kind's creation in the held status,
 * its reservation with it, and intake's decision naming the rule). Made once: a demo rule
 * already there changes nothing. Answers whether it made them.
 */
export async function seedDemoHeldItems(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<boolean> {
  const made = await db.query('SELECT 1 FROM risk_rules WHERE name = $1 LIMIT 1', [DEMO_RULE]);
  const ctx = await demoAdminContext(db, config, log);
  const { rows } = await db.query<{ id: string; reseller_account_id: string | null }>(
    'SELECT id, reseller_account_id FROM accounts WHERE account_db_code = $1',
    [DEMO_MERCHANT],
  );
  const merchant = rows[0];
  if (made.rows.length || !ctx || !merchant) return false;
  const rule = await createRule(ctx, {
    name: DEMO_RULE,
    definition: JSON.stringify({
      kinds: ['payout'],
      action: { type: 'review', approvers: 1 },
      when: { amount: { currency: 'THB', op: 'gt', value: '500' } },
    }),
    note: 'Demo: the rule that held the demo world’s held pay-outs',
  });
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const payouts = [
    { orderId: 'DEMO-HELD-1', amount: 1500_00n, createdAt: ago(180), account: '5550001' },
    { orderId: 'DEMO-HELD-2', amount: 1000_00n, createdAt: ago(20), account: '5550002' },
  ];
  await db.transaction(async (tx) => {
    const held = await createPayouts(
      tx,
      payouts.map((p) => ({
        merchantId: merchant.id,
        orderId: p.orderId,
        currency: 'THB',
        amount: p.amount,
        bankName: 'Demo Bank',
        accountNumber: p.account,
        accountHolder: 'Demo Beneficiary',
        inHouse: false,
        createdAt: p.createdAt,
        status: 'held_for_review' as const,
      })),
    );
    await recordRiskDecisions(
      tx,
      held
        .map((payout) => ({ payout, made: payouts.find((p) => p.orderId === payout.order_id)! }))
        .map(({ payout, made }) => ({
          kind: 'payout' as const,
          refId: payout.id,
          merchantId: merchant.id,
          resellerId: merchant.reseller_account_id,
          at: made.createdAt,
          verdict: {
            outcome: 'review' as const,
            minApprovals: 1,
            matches: [
              {
                ruleId: rule.id,
                version: 1,
                mode: 'active' as const,
                action: 'review' as const,
                error: false,
                // As the evaluator keeps it: by the condition's path, the amount it read.
                seen: { 'when.amount': formatAmount(made.amount, 'THB') },
              },
            ],
          },
        })),
    );
  });
  return true;
}
