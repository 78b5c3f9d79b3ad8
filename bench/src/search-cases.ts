import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/src/db/db';

/*
 * The global search's cases (bench:search, bench:growth): what each role types in the top bar,
 * from a pay-in of the demo merchant (every role sees it) and others.
 */

/** Gives one pay-in in a hundred a gateway reference (the bulk world has none), once. */
export async function addGatewayReferences(db: Db, log: (line: string) => void): Promise<void> {
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM payins WHERE gateway_reference <> '' LIMIT 1) x`,
  );
  if (Number(rows[0]!.n) > 0) return;
  const started = Date.now();
  await db.query(
    `UPDATE payins SET gateway_reference = 'BGW-' || substr(md5(order_id), 1, 16)
      WHERE order_id LIKE '%07'`,
  );
  await db.query('ANALYZE payins');
  log(`  gateway references set in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Sample {
  id: string;
  order_id: string;
  gateway_reference: string;
}

/**
 * A pay-in with a gateway reference of `merchant` (by code), or, with `other`, of any merchant
 * but it (a world of 100,000 pay-ins leaves most bulk merchants without a reference).
 */
async function sampleOf(db: Db, merchant: string, other = false): Promise<Sample> {
  const { rows } = await db.query<Sample>(
    `SELECT id, order_id, gateway_reference FROM payins
      WHERE merchant_account_id ${other ? '<>' : '='} (SELECT id FROM accounts WHERE account_db_code = $1)
        AND gateway_reference <> '' ORDER BY created_at LIMIT 1 OFFSET 10`,
    [merchant],
  );
  if (!rows[0])
    throw new Error(`No pay-in ${other ? 'but' : 'of'} ${merchant}'s has a gateway reference`);
  return rows[0];
}

/** The searched texts: the demo merchant's pay-in (every role sees it), and others. */
export async function searchCasesOf(db: Db): Promise<{ label: string; text: string }[]> {
  const own = await sampleOf(db, 'MER00001');
  const foreign = await sampleOf(db, 'MER00001', true);
  return [
    { label: 'pay-in id', text: own.id },
    { label: 'order id', text: own.order_id },
    { label: 'gateway reference', text: own.gateway_reference },
    { label: "another merchant's order id", text: foreign.order_id },
    { label: 'an id that is nowhere', text: randomUUID() },
    { label: "pay-in id's first 8", text: own.id.slice(0, 8) },
    { label: 'order id but its last character', text: own.order_id.slice(0, -1) },
    { label: "gateway reference's first 8", text: own.gateway_reference.slice(0, 8) },
    { label: 'prefix every order id shares "bench-"', text: 'bench-' },
    { label: 'account code prefix MER0', text: 'MER0' },
    { label: 'account name prefix "bench merchant 1"', text: 'bench merchant 1' },
  ];
}
