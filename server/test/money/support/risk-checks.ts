import { expect } from 'vitest';
import type { MoneyApp } from './money-app';

/**
 * How many times the sandbox gateway was handed the item: a pay-out or pay-in it was asked to
 * move (risk controls' tests: held and declined items never are).
 */
export async function handedOver(t: MoneyApp, id: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sandbox_payments WHERE merchant_ref = $1',
    [id],
  );
  return rows[0]!.n;
}

/** MER00001's THB balance of `purpose` (`available`, `payout_available`…): the sum of its entries. */
export async function demoMerchantBalance(t: MoneyApp, purpose: string): Promise<bigint> {
  const { rows } = await t.db.query<{ b: bigint }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS b FROM entries e
       JOIN ledger_accounts la ON la.id = e.ledger_account_id
      WHERE la.owner_id = $1 AND la.currency = 'THB' AND la.purpose = $2`,
    [await t.accountId('MER00001'), purpose],
  );
  return BigInt(rows[0]!.b);
}

/**
 * What the journals of one item (`refId`) moved on MER00001's THB balance of `purpose`, as
 * signed sums of each journal, oldest first: a test reads the item's own movements, which
 * other items' work in the background (a sandbox pay-out failing back) cannot disturb.
 */
export async function demoMerchantMovesOf(
  t: MoneyApp,
  refId: string,
  purpose: string,
): Promise<bigint[]> {
  const { rows } = await t.db.query<{ moved: bigint }>(
    `SELECT sum(e.amount)::bigint AS moved FROM journal j
       JOIN entries e ON e.journal_id = j.id
       JOIN ledger_accounts la ON la.id = e.ledger_account_id
      WHERE j.ref_id = $1 AND la.owner_id = $2 AND la.currency = 'THB' AND la.purpose = $3
      GROUP BY j.id, j.created_at ORDER BY j.created_at, j.id`,
    [refId, await t.accountId('MER00001'), purpose],
  );
  return rows.map((r) => BigInt(r.moved));
}

/**
 * A risk rule made by `email` (its own; the platform's for an admin) and switched to `mode`:
 * its id. Each step must succeed.
 */
export async function makeRiskRule(
  t: MoneyApp,
  email: string,
  name: string,
  definition: unknown,
  mode = 'active',
): Promise<string> {
  const made = await t.as<{ id: string }>(email, 'createRiskRule', {
    name,
    definition: JSON.stringify(definition),
  });
  expect(made.status, made.message).toBe(200);
  const set = await t.as(email, 'setRiskRuleMode', { id: made.data.id, mode, reason: 'test' });
  expect(set.status, set.message).toBe(200);
  return made.data.id;
}
