import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverview } from '@bo/contract';
import type { z } from 'zod';
import {
  ADMIN,
  fundDemoMerchant,
  MERCHANT,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

type Overview = z.infer<typeof adminOverview>;
let t: MoneyApp;
let payinId: string;

beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'overview-dispute');
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM payins WHERE order_id = 'overview-dispute'`,
  );
  payinId = rows[0]!.id;
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

async function disputesOf(fields: Record<string, string> = {}) {
  const answer = await t.as<Overview>(ADMIN, 'getAdminDashboardV2', fields);
  expect(answer.status, answer.message).toBe(200);
  return adminOverview.parse(answer.data).disputes;
}

async function simulate(respondInHours: number) {
  const r = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId,
    amount: '10.00',
    reasonCode: 'general',
    respondInHours: String(respondInHours),
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

describe('the admin overview’s disputes', () => {
  it('counts those waiting for an answer and those due within 48 hours, across currencies', async () => {
    expect(await disputesOf()).toEqual({ open: 0, due_soon: 0, due_soon_by_currency: [] });
    await simulate(24);
    await simulate(47);
    await simulate(49);
    const answered = await simulate(1);
    const due = { open: 4, due_soon: 3, due_soon_by_currency: [{ currency: 'THB', count: 3 }] };
    expect(await disputesOf()).toEqual(due);
    expect(await disputesOf({ currency: 'THB' })).toEqual(due);
    // Issue 40: work that is due shows whatever currency the dashboard shows.
    expect(await disputesOf({ currency: 'MYR' })).toEqual(due);
    // Answered: no longer waiting (accepted, then lost by the gateway).
    expect((await t.as(MERCHANT, 'acceptDispute', { id: answered })).status).toBe(200);
    await t.sandbox.idle();
    expect(await disputesOf()).toEqual({
      open: 3,
      due_soon: 2,
      due_soon_by_currency: [{ currency: 'THB', count: 2 }],
    });
  });

  it('leaves the demo accounts out with the demo data', async () => {
    expect((await t.as(ADMIN, 'onOffDemoData', { enabled: '0' })).status).toBe(200);
    expect(await disputesOf()).toEqual({ open: 0, due_soon: 0, due_soon_by_currency: [] });
    expect((await t.as(ADMIN, 'onOffDemoData', { enabled: '1' })).status).toBe(200);
    expect((await disputesOf()).due_soon).toBe(2);
  });
});
