import { afterAll, describe, expect, it } from 'vitest';
import { isDisputeDrawn } from '../../src/modules/disputes/sandbox-disputes';
import { startMoneyApp, type MoneyApp } from './support/money-app';

const apps: MoneyApp[] = [];
afterAll(async () => {
  for (const t of apps) {
    await t.expectCleanLedger();
    await t.close();
  }
});

/** A server with sandbox auto-pay at the dispute rate `rate`, and two pay-ins it paid. */
async function paidAt(rate: string, autoPay = '1') {
  const t = await startMoneyApp({ SANDBOX_AUTO_PAY: autoPay, SANDBOX_DISPUTE_RATE: rate });
  apps.push(t);
  for (const order of ['auto-1', 'auto-2']) {
    // Amounts ending in .03 succeed whatever the gateway's success rate.
    const r = await t.api('POST', '/api/v1/payins', {
      amount: '1000.03',
      currency: 'THB',
      order_id: order,
    });
    expect(r.status).toBe(201);
  }
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM payins WHERE order_id LIKE 'auto-%' AND status = 'success'`,
  );
  expect(rows[0]!.n).toBe(2n);
  return t;
}

describe('SANDBOX_DISPUTE_RATE with SANDBOX_AUTO_PAY', () => {
  it('at 1 disputes every pay-in the sandbox paid, all of it, as the sandbox', async () => {
    const t = await paidAt('1');
    const { rows } = await t.db.query<{
      status: string;
      amount: bigint;
      created_by: string | null;
      order_id: string;
    }>(
      `SELECT d.status, d.amount, d.created_by, p.order_id
         FROM disputes d JOIN payins p ON p.id = d.payin_id ORDER BY p.order_id`,
    );
    expect(rows).toEqual([
      { status: 'opened', amount: 100_003n, created_by: null, order_id: 'auto-1' },
      { status: 'opened', amount: 100_003n, created_by: null, order_id: 'auto-2' },
    ]);
    const { rows: logs } = await t.db.query<{ action: string; actor_username: string }>(
      `SELECT action, actor_username FROM admin_logs WHERE target_type = 'dispute'`,
    );
    expect(logs).toEqual([
      { action: 'dispute.simulate', actor_username: 'sandbox' },
      { action: 'dispute.simulate', actor_username: 'sandbox' },
    ]);
  });

  it('at 0, or without auto-pay, disputes none', async () => {
    const off = await paidAt('0');
    expect(await off.count('disputes')).toBe(0);
    const manual = await paidAt('1', '0');
    expect(await manual.count('disputes')).toBe(0);
  });

  it('draws each pay-in once, stably, near the rate', () => {
    const ids = Array.from(
      { length: 2000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const drawn = ids.filter((id) => isDisputeDrawn(id, 0.1)).length;
    expect(drawn).toBeGreaterThan(140);
    expect(drawn).toBeLessThan(260);
    expect(ids.filter((id) => isDisputeDrawn(id, 0.1)).length).toBe(drawn);
    expect(ids.some((id) => isDisputeDrawn(id, 0))).toBe(false);
    expect(ids.every((id) => isDisputeDrawn(id, 1))).toBe(true);
  });
});
