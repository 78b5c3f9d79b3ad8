import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  BANK_TRANSFER,
  MERCHANT,
  MERCHANT2,
  fundDemoMerchant,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { exportedCsvRows } from '../support/test-app';

/**
 * Marking a bank settlement done records the transfer (issue 40): the bank's reference (checked),
 * the value date and, optionally, the sending account; kept on the settlement, shown in its
 * list row, detail, timeline and export, and logged like the note.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'transfer-seed-1');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Row {
  id: string;
  status: string;
  bank_reference: string | null;
  value_date: string | null;
  sending_account: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function approvedSettlement(amount: string): Promise<string> {
  const r = await t.as<Row>(MERCHANT, 'requestSettlement', {
    currency: 'THB',
    amount,
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Siam Digital Store',
  });
  expect(r.status).toBe(200);
  expect((await t.approveByTwo('approveSettlement', r.data.id)).status).toBe(200);
  return r.data.id;
}

const statusOf = async (id: string) =>
  (
    await t.db.query<{ status: string; bank_reference: string | null }>(
      'SELECT status, bank_reference FROM settlements WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('marking a bank settlement done', () => {
  it('refuses a missing or malformed reference or value date, naming the field, changing nothing', async () => {
    const id = await approvedSettlement('10.00');
    const logsBefore = await t.count('admin_logs');
    const cases: [Record<string, string>, RegExp][] = [
      [{ valueDate: today() }, /bankReference.*required/],
      [{ bankReference: 'AB', valueDate: today() }, /bankReference must be 4 to 40/],
      [{ bankReference: 'FT 2633 6', valueDate: today() }, /bankReference must be 4 to 40/],
      [{ bankReference: 'x'.repeat(41), valueDate: today() }, /bankReference/],
      [{ bankReference: '-FT263', valueDate: today() }, /bankReference/],
      [{ bankReference: 'FT2633601' }, /valueDate.*required/],
      [{ bankReference: 'FT2633601', valueDate: '2026-02-30' }, /valueDate must be a date/],
      [{ bankReference: 'FT2633601', valueDate: '02/12/2026' }, /valueDate/],
      [{ bankReference: 'FT2633601', valueDate: '2020-01-01' }, /valueDate must not be before/],
      [{ bankReference: 'FT2633601', valueDate: daysFromToday(9) }, /valueDate must be at most 7/],
      [
        { bankReference: 'FT2633601', valueDate: today(), sendingAccount: 'acct;DROP' },
        /sendingAccount/,
      ],
    ];
    for (const [fields, message] of cases) {
      const r = await t.as(ADMIN, 'completeSettlement', { id, ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect(await statusOf(id)).toEqual({ status: 'approved', bank_reference: null });
    expect(await t.count('admin_logs')).toBe(logsBefore);
  });

  it('keeps the transfer on the settlement: list row, export, detail, timeline and admin log', async () => {
    const id = await approvedSettlement('20.00');
    const done = await t.as(ADMIN, 'completeSettlement', {
      id,
      bankReference: 'FT26336ABC/0042',
      valueDate: today(),
      sendingAccount: 'KBANK 001-2-33344-5',
      reason: 'Sent in the morning batch',
    });
    expect(done.data).toMatchObject({ status: 'completed' });
    const expected = {
      bank_reference: 'FT26336ABC/0042',
      value_date: today(),
      sending_account: 'KBANK 001-2-33344-5',
    };
    for (const who of [ADMIN, MERCHANT]) {
      const list = await t.as<{ rows: Row[] }>(who, 'getSettlementList', { search: id });
      expect(list.data.rows[0]).toMatchObject({ id, status: 'completed', ...expected });
    }
    const csv = await exportedCsvRows(t.app, await t.signIn(MERCHANT), 'getSettlementList', {
      search: id,
    });
    expect(csv[0]).toMatchObject(expected);
    const detail = await t.as<{
      row: Row;
      timeline: { action: string; reason: string | null; bank_transfer?: unknown }[];
    }>(MERCHANT, 'getMoneyDetail', { kind: 'settlement', id });
    expect(detail.data.row).toMatchObject(expected);
    const step = detail.data.timeline.find((s) => s.action === 'settlement.completed');
    expect(step).toMatchObject({ reason: 'Sent in the morning batch', bank_transfer: expected });
    const { rows } = await t.db.query<{ after: unknown; actor_username: string }>(
      `SELECT after, actor_username FROM admin_logs
        WHERE target_id = $1 AND action = 'settlement.completed'`,
      [id],
    );
    const after = typeof rows[0]!.after === 'string' ? JSON.parse(rows[0]!.after) : rows[0]!.after;
    expect(after).toMatchObject({
      status: 'completed',
      reason: 'Sent in the morning batch',
      ...expected,
    });
    expect(rows[0]!.actor_username).toBe('admin');
  });

  it('takes the reference without a sending account or note', async () => {
    const id = await approvedSettlement('30.00');
    const r = await t.as(ADMIN, 'completeSettlement', { id, ...BANK_TRANSFER });
    expect(r.status).toBe(200);
    const list = await t.as<{ rows: Row[] }>(ADMIN, 'getSettlementList', { search: id });
    expect(list.data.rows[0]).toMatchObject({
      bank_reference: BANK_TRANSFER.bankReference,
      value_date: BANK_TRANSFER.valueDate,
      sending_account: null,
    });
    // Done once: a second reference is a conflict and the first stays.
    const again = await t.as(ADMIN, 'completeSettlement', {
      id,
      bankReference: 'OTHER-REF-1',
      valueDate: today(),
    });
    expect(again.status).toBe(409);
    expect((await statusOf(id))!.bank_reference).toBe(BANK_TRANSFER.bankReference);
  });

  it('is not open to a merchant, nor to another merchant’s eyes', async () => {
    const id = await approvedSettlement('40.00');
    expect((await t.as(MERCHANT, 'completeSettlement', { id, ...BANK_TRANSFER })).status).toBe(403);
    expect(
      (await t.as<{ total: number }>(MERCHANT2, 'getSettlementList', { search: id })).data.total,
    ).toBe(0);
  });
});
