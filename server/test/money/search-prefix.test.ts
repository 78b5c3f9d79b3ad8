import type { SearchGroup } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayin } from '../../src/modules/payins/payin-flow';
import { PREFIX_CANDIDATES } from '../../src/modules/scoped-lists/search-prefix';
import {
  ADMIN,
  MERCHANT,
  MERCHANT4,
  RESELLER,
  RESELLER2,
  refundablePayin,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { foundBySearch } from './support/search';

/**
 * Issue 40: the global search finds money items by the start of their id, order id or gateway
 * reference (from SEARCH_TEXT_MIN characters), in the caller's scope only, LIKE's wildcards
 * taken as typed; the database's byte-order collation is what makes a prefix an index range.
 */
let t: MoneyApp;

const search = (email: string, text: string) =>
  t.as<{ groups: SearchGroup[] }>(email, 'globalSearch', { text });

/** The ids found per kind. */
const found = (email: string, text: string) => foundBySearch(t, email, text);

/** A pay-in of `merchant` (by code) with this order id (and gateway reference): its id. */
async function payin(merchant: string, orderId: string, reference = ''): Promise<string> {
  const p = await openPayin(t.db, {
    merchantId: await t.accountId(merchant),
    orderId,
    currency: 'MYR',
    amount: 10_000n,
    createdAt: new Date(),
  });
  if (reference)
    await t.db.query('UPDATE payins SET gateway_reference = $2 WHERE id = $1', [p.id, reference]);
  return p.id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startMoneyApp();
  ids.own = await payin('MER00001', 'pfx-shared-own-1', 'PFXREF-own-77');
  ids.other = await payin('MER00004', 'pfx-shared-other-1', 'PFXREF-other-88');
  ids.percent = await payin('MER00001', 'pct%lit-1');
  ids.percentX = await payin('MER00001', 'pctXlit-2');
  ids.underscore = await payin('MER00001', 'und_lit-1');
  ids.underscoreX = await payin('MER00001', 'undXlit-2');
  ids.accent = await payin('MER00001', 'coll-é');
  ids.emoji = await payin('MER00001', 'coll-😀');
  ids.upper = await payin('MER00001', 'COLL-a');
  ids.next = await payin('MER00001', 'colm-a');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('globalSearch by a prefix', () => {
  it('finds a pay-in by the start of its id, order id and gateway reference', async () => {
    const byId = await search(MERCHANT, ids.own!.slice(0, 8).toUpperCase());
    expect(byId.data.groups).toEqual([
      expect.objectContaining({
        kind: 'payin',
        hits: [expect.objectContaining({ id: ids.own, matched: 'id' })],
      }),
    ]);
    // Dashed as written, or without the dashes.
    expect(await found(MERCHANT, ids.own!.slice(0, 13))).toEqual({ payin: [ids.own] });
    expect(await found(MERCHANT, ids.own!.replaceAll('-', '').slice(0, 14))).toEqual({
      payin: [ids.own],
    });
    const byOrder = await search(MERCHANT, 'pfx-shared-ow');
    expect(byOrder.data.groups[0]!.hits).toEqual([
      expect.objectContaining({ id: ids.own, matched: 'order_id' }),
    ]);
    const byReference = await search(MERCHANT, 'PFXREF-o');
    expect(byReference.data.groups[0]!.hits).toEqual([
      expect.objectContaining({ id: ids.own, matched: 'gateway_reference' }),
    ]);
    // The start of a reference is not the start of an order id: case counts.
    expect(await found(MERCHANT, 'pfxref-o')).toEqual({});
  });

  it('finds a refund by the start of its pay-in order id (a lookup through pay-ins)', async () => {
    const payinId = await refundablePayin(t, 'pfx-lookup-order');
    const refund = await t.as<{ id: string }>(MERCHANT, 'requestRefund', {
      payinId,
      amount: '100.03',
    });
    expect(refund.status, refund.message).toBe(200);
    await t.sandbox.idle();
    expect(await found(MERCHANT, 'pfx-lookup')).toMatchObject({
      payin: [payinId],
      refund: [refund.data.id],
    });
    expect(await found(MERCHANT4, 'pfx-lookup')).toEqual({});
  });

  it("keeps every tenant's rows to itself when they share a prefix", async () => {
    const both = [ids.other, ids.own].sort();
    const sorted = async (email: string, text: string) =>
      ((await found(email, text)).payin ?? []).sort();
    for (const text of ['pfx-shared', 'PFXREF-']) {
      expect(await sorted(MERCHANT, text), text).toEqual([ids.own]);
      expect(await sorted(MERCHANT4, text), text).toEqual([ids.other]);
      // MER00001 is the first reseller's, MER00004 the second's.
      expect(await sorted(RESELLER, text), text).toEqual([ids.own]);
      expect(await sorted(RESELLER2, text), text).toEqual([ids.other]);
      expect(await sorted(ADMIN, text), text).toEqual(both);
    }
    // Another merchant's pay-in by the start of its id: hidden.
    expect(await found(MERCHANT4, ids.own!.slice(0, 8))).toEqual({});
    expect(await found(RESELLER2, ids.own!.slice(0, 8))).toEqual({});
  });

  it('takes % and _ as typed', async () => {
    expect(await found(MERCHANT, 'pct%')).toEqual({ payin: [ids.percent] });
    expect(await found(MERCHANT, 'pct%l')).toEqual({ payin: [ids.percent] });
    expect(await found(MERCHANT, 'und_')).toEqual({ payin: [ids.underscore] });
    expect(await found(MERCHANT, 'pct_')).toEqual({});
    expect(await found(MERCHANT, '%%%%')).toEqual({});
    expect(await found(MERCHANT, '____')).toEqual({});
  });

  it('compares in byte order: every string starting with the prefix, and only those', async () => {
    const { rows } = await t.db.query<{ collate: string }>(
      'SELECT datcollate AS collate FROM pg_database WHERE datname = current_database()',
    );
    expect(['C', 'C.UTF-8', 'C.utf8', 'POSIX']).toContain(rows[0]!.collate);
    expect(((await found(MERCHANT, 'coll-')).payin ?? []).sort()).toEqual(
      [ids.accent, ids.emoji].sort(),
    );
    expect(await found(MERCHANT, 'coll-😀')).toEqual({ payin: [ids.emoji] });
    expect(await found(MERCHANT, 'COLL')).toEqual({ payin: [ids.upper] });
  });

  it(`finds an exact order id however many rows share its start (${PREFIX_CANDIDATES} read per prefix)`, async () => {
    for (let i = 0; i <= PREFIX_CANDIDATES; i++)
      await payin('MER00004', `crowd-${String(i).padStart(4, '0')}`);
    const mine = await payin('MER00001', 'crowd-zzzz');
    expect(await found(MERCHANT, 'crowd-zzzz')).toEqual({ payin: [mine] });
    // The crowd's first rows are the fourth merchant's: the first finds nothing by the start.
    expect(await found(MERCHANT, 'crowd-')).toEqual({});
    const crowd = await found(MERCHANT4, 'crowd-');
    expect(crowd.payin).toHaveLength(5);
  });

  it.each([
    ['abc', 'text must be at least 4 characters'],
    ['  ab  ', 'text must be at least 4 characters'],
  ])('refuses %j: %s', async (text, message) => {
    expect(await search(ADMIN, text)).toMatchObject({ status: 400, message });
  });
});
