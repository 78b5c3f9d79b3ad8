import type { RiskRuleKind } from '@bo/contract';
import type { Db } from '../../db/db';
import { runWrites } from '../../db/writes';
import { canonicalFacts } from './canonical-facts';
import { riskFactWrites } from './risk-facts';
import { resetRiskFold } from './risk-fold';
import type { IntakeFacts } from './risk-types';

/*
 * Facts for requests made before intake kept them (data from before issue 42, and the demo
 * world's history, which is made through the lifecycle code, not intake): so velocity,
 * first-seen and backtests see them too. Each item is read as intake reads its kind's request
 * and keyed by the same canonical code. Running it again adds nothing.
 */

interface ItemRow {
  id: string;
  merchant_id: string;
  reseller_id: string | null;
  at: Date;
  currency: string;
  amount: string;
  order_id: string | null;
  bank_account: string | null;
  wallet: string | null;
}

/** Each kind's requests as intake saw them (a withdrawal's owner is its reseller). */
const ITEMS: Readonly<Record<RiskRuleKind, string>> = {
  payin: `SELECT x.id, x.merchant_account_id AS merchant_id, x.reseller_account_id AS reseller_id,
                 x.created_at AS at, x.currency, x.amount::text, x.order_id,
                 NULL AS bank_account, NULL AS wallet
            FROM payins x`,
  payout: `SELECT x.id, x.merchant_account_id AS merchant_id, x.reseller_account_id AS reseller_id,
                  x.created_at AS at, x.currency, x.amount::text, x.order_id,
                  x.account_number AS bank_account, NULL AS wallet
             FROM payouts x`,
  settlement: `SELECT x.id, x.merchant_account_id AS merchant_id, x.reseller_account_id AS reseller_id,
                      x.created_at AS at, x.currency, x.amount::text, NULL AS order_id,
                      nullif(x.account_number, '') AS bank_account, NULL AS wallet
                 FROM settlements x WHERE x.destination = 'bank'`,
  settlement_wallet: `SELECT x.id, x.merchant_account_id AS merchant_id, x.reseller_account_id AS reseller_id,
                             x.created_at AS at, x.currency, x.amount::text, NULL AS order_id,
                             NULL AS bank_account, nullif(x.account_number, '') AS wallet
                        FROM settlements x WHERE x.destination = 'usdt_wallet'`,
  withdrawal: `SELECT x.id, x.reseller_account_id AS merchant_id, x.reseller_account_id AS reseller_id,
                      x.created_at AS at, x.currency, x.amount::text, NULL AS order_id,
                      x.account_number AS bank_account, NULL AS wallet
                 FROM withdrawals x`,
};

const PAGE = 5_000;

function factsOf(kind: RiskRuleKind, row: ItemRow): IntakeFacts {
  return canonicalFacts({
    kind,
    merchantId: row.merchant_id,
    resellerId: row.reseller_id,
    amount: BigInt(row.amount),
    currency: row.currency,
    orderId: row.order_id,
    at: row.at,
    ...(row.bank_account ? { bankAccount: row.bank_account } : {}),
    ...(row.wallet ? { wallet: row.wallet } : {}),
  });
}

/**
 * Writes the facts of every request that has none; answers how many it wrote. Facts written
 * into hours already folded reset the fold (`resetRiskFold`), which adds them all again: it is
 * meant for a quiet database (the demo seed, an upgrade), not one taking traffic.
 */
export async function backfillRiskFacts(db: Db): Promise<number> {
  let written = 0;
  for (const [kind, items] of Object.entries(ITEMS) as [RiskRuleKind, string][]) {
    const { rows } = await db.query<ItemRow>(
      `SELECT i.* FROM (${items}) i
        WHERE NOT EXISTS (SELECT 1 FROM risk_facts f WHERE f.ref_id = i.id)
        ORDER BY i.at`,
    );
    for (let from = 0; from < rows.length; from += PAGE) {
      const page = rows.slice(from, from + PAGE);
      await runWrites(db, [
        riskFactWrites(page.map((row) => ({ refId: row.id, facts: factsOf(kind, row) }))),
      ]);
      written += page.length;
    }
  }
  if (written) await resetRiskFold(db);
  return written;
}
