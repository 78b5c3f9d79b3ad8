import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/db';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { SINGLE_JOURNAL_CHECKS } from '../../src/ledger/single-journal-checks';
import { ADMIN, ADMIN2, REJECTION, startMoneyApp, type MoneyApp } from './support/money-app';

const ADMIN3 = 'admin3@demo.test';

/** Thrown to roll a tampering back once the check has read it. */
class RolledBack extends Error {}

/**
 * `ledger:check` holds each balance adjustment to its one journal (the kind's `singleJournal`
 * in the registry): an approved one has exactly one, of its amount, currency and direction,
 * between the owner's balance and `platform_fees`; a pending or rejected one has none. Each
 * tampering below, done in SQL and rolled back, is named by the check.
 */
describe('ledger:check on balance adjustments', () => {
  let t: MoneyApp;
  const ids = { credit: '', debit: '', rejected: '', pending: '' };
  let creditJournal = '';

  const ask = async (direction: 'credit' | 'debit', amount: string) => {
    const answer = await t.as<{ id: string }>(ADMIN3, 'createAdjustment', {
      ownerDbCode: 'MER00001',
      direction,
      balance: 'available',
      currency: 'THB',
      amount,
      reasonCode: 'fee_correction',
      note: 'Ledger check of adjustments',
    });
    expect(answer.status, answer.message).toBe(200);
    return answer.data.id;
  };
  const approve = async (id: string) => {
    for (const email of [ADMIN, ADMIN2]) {
      const answer = await t.as(email, 'approveAdjustment', { id });
      expect(answer.status, answer.message).toBe(200);
    }
  };

  /** The drifts the check finds after `tamper`, which is then rolled back (triggers too). */
  async function driftAfter(tamper: (tx: Queryable) => Promise<unknown>): Promise<string[]> {
    let drift: string[] = [];
    await t.db
      .transaction(async (tx) => {
        // The journal is append-only: someone with the database's keys lifts that first.
        await tx.query(`ALTER TABLE journal DISABLE TRIGGER journal_append_only`);
        await tx.query(`ALTER TABLE entries DISABLE TRIGGER entries_append_only`);
        await tamper(tx);
        drift = await findLedgerDrift(tx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return drift;
  }
  const named = (drift: readonly string[], check: string) =>
    drift.filter((line) => line.startsWith(`adjustment journal ${check}:`));

  beforeAll(async () => {
    t = await startMoneyApp();
    ids.credit = await ask('credit', '12.34');
    await approve(ids.credit);
    ids.debit = await ask('debit', '1.05');
    await approve(ids.debit);
    ids.rejected = await ask('credit', '3.00');
    const rejected = await t.as(ADMIN, 'rejectAdjustment', { id: ids.rejected, ...REJECTION });
    expect(rejected.status, rejected.message).toBe(200);
    ids.pending = await ask('credit', '4.00');
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM journal WHERE ref_id = $1`, [
      ids.credit,
    ]);
    expect(rows).toHaveLength(1);
    creditJournal = rows[0]!.id;
  });
  afterAll(() => t.close());

  it('is a check of the registry’s single-journal kinds, and finds the books clean', async () => {
    expect(SINGLE_JOURNAL_CHECKS.map((c) => c.name)).toEqual([
      'adjustment journal count',
      'adjustment journal without its row',
      'adjustment journal differs from its row',
    ]);
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });

  it('names a journal whose amount was changed, even kept balanced', async () => {
    const drift = await driftAfter(async (tx) => {
      await tx.query(
        `UPDATE entries SET amount = amount + sign(amount)::bigint * 100 WHERE journal_id = $1`,
        [creditJournal],
      );
    });
    expect(named(drift, 'differs from its row')).toEqual([
      expect.stringContaining(
        `journal ${creditJournal} (adjustment.credit) of adjustment ${ids.credit}`,
      ),
    ]);
    expect(drift.some((line) => line.startsWith('unbalanced journal'))).toBe(false);
  });

  it('names a row whose amount was changed after its journal', async () => {
    const drift = await driftAfter((tx) =>
      tx.query(`UPDATE balance_adjustments SET amount = amount + 1 WHERE id = $1`, [ids.debit]),
    );
    expect(named(drift, 'differs from its row')).toEqual([
      expect.stringContaining(`of adjustment ${ids.debit}`),
    ]);
  });

  it('names a credit journalled as a debit, or against another balance', async () => {
    const asDebit = await driftAfter((tx) =>
      tx.query(`UPDATE journal SET kind = 'adjustment.debit' WHERE id = $1`, [creditJournal]),
    );
    expect(named(asDebit, 'differs from its row')).toHaveLength(1);
    const otherBalance = await driftAfter((tx) =>
      tx.query(`UPDATE balance_adjustments SET balance = 'payout_available' WHERE id = $1`, [
        ids.credit,
      ]),
    );
    expect(named(otherBalance, 'differs from its row')).toHaveLength(1);
  });

  it('names an approved adjustment without its journal, and a rejected or pending one with one', async () => {
    const moved = await driftAfter((tx) =>
      tx.query(`UPDATE journal SET ref_id = $2 WHERE id = $1`, [creditJournal, ids.rejected]),
    );
    expect(named(moved, 'count').sort()).toEqual(
      [
        `adjustment journal count: adjustment ${ids.credit} (approved) has 0 journals; it should have exactly one`,
        `adjustment journal count: adjustment ${ids.rejected} (rejected) has 1 journals; it should have none`,
      ].sort(),
    );
    const pending = await driftAfter((tx) =>
      tx.query(`UPDATE balance_adjustments SET status = 'pending_approval' WHERE id = $1`, [
        ids.debit,
      ]),
    );
    expect(named(pending, 'count')).toEqual([
      expect.stringContaining(`adjustment ${ids.debit} (pending_approval) has 1 journals`),
    ]);
    const orphan = await driftAfter((tx) =>
      tx.query(`UPDATE journal SET ref_id = gen_random_uuid() WHERE id = $1`, [creditJournal]),
    );
    expect(named(orphan, 'without its row')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^adjustment journal without its row: journal ${creditJournal} refers to adjustment [0-9a-f-]{36}, which does not exist$`,
        ),
      ),
    ]);
    // Nothing was kept: the books are clean again.
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});
