import type { Db } from '../../server/src/db/db';
import {
  ledgerAccountId,
  PLATFORM_OWNER,
  PURPOSES,
  type LedgerKey,
  type Purpose,
} from '../../server/src/ledger/ledger-accounts';

/**
 * The journals the lifecycles would have written for the bulk world's rows (docs/money.md,
 * Lifecycles), as SQL: a successful pay-in's `payin.success`; a pay-out's `payout.reserve` at
 * its creation, then `payout.post` (success) or `payout.void` (failure); an approved top-up's
 * `top_up.approve`. The dashboard world sums their lines into the cached balances; the report
 * world writes them as journal and entries. One place, so cached balance = sum of entries.
 */

/** The ledger accounts one merchant and currency of the world posts to, by role. */
const LANE_ACCOUNTS = [
  'available',
  'payout_available',
  'payout_reserved',
  'commission',
  'gateway_clearing',
  'platform_fees',
  'bank',
] as const;
type LaneAccount = (typeof LANE_ACCOUNTS)[number];

interface Lane {
  merchant_id: string;
  reseller_id: string | null;
  currency: string;
  gateway_id: string;
}

function keysOf(lane: Lane): Record<LaneAccount, LedgerKey | null> {
  const merchant = (purpose: Purpose): LedgerKey => ({
    ownerKind: 'account',
    ownerId: lane.merchant_id,
    currency: lane.currency,
    purpose,
  });
  const platform = (purpose: Purpose): LedgerKey => ({
    ownerKind: 'platform',
    ownerId: PLATFORM_OWNER,
    currency: lane.currency,
    purpose,
  });
  return {
    available: merchant('available'),
    payout_available: merchant('payout_available'),
    payout_reserved: merchant('payout_reserved'),
    commission: lane.reseller_id
      ? {
          ownerKind: 'account',
          ownerId: lane.reseller_id,
          currency: lane.currency,
          purpose: 'commission',
        }
      : null,
    gateway_clearing: {
      ownerKind: 'gateway',
      ownerId: lane.gateway_id,
      currency: lane.currency,
      purpose: 'gateway_clearing',
    },
    platform_fees: platform('platform_fees'),
    bank: platform('bank'),
  };
}

/**
 * Opens (with the ids postings derive, `ledgerAccountId`) every ledger account the world's
 * merchants post to, and writes `bench_lane_accounts`: per merchant and currency of
 * `bench_lanes`, its gateway and the id of each account its journals touch.
 */
export async function openLaneAccounts(db: Db): Promise<void> {
  const { rows: lanes } = await db.query<Lane>(
    `SELECT DISTINCT merchant_id::text AS merchant_id, reseller_id::text AS reseller_id, currency,
            gateway_id::text AS gateway_id
       FROM bench_lanes`,
  );
  const opened = new Map<string, LedgerKey>();
  const ids: Record<LaneAccount, (string | null)[]> = Object.fromEntries(
    LANE_ACCOUNTS.map((a) => [a, []]),
  ) as unknown as Record<LaneAccount, (string | null)[]>;
  for (const lane of lanes) {
    const keys = keysOf(lane);
    for (const a of LANE_ACCOUNTS) {
      const key = keys[a];
      const id = key ? ledgerAccountId(key) : null;
      if (key && id) opened.set(id, key);
      ids[a].push(id);
    }
  }
  const accounts = [...opened];
  await db.query(
    `INSERT INTO ledger_accounts (id, owner_kind, owner_id, currency, purpose, is_cached, allows_negative)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::bool[], $7::bool[])
     ON CONFLICT DO NOTHING`,
    [
      accounts.map(([id]) => id),
      accounts.map(([, k]) => k.ownerKind),
      accounts.map(([, k]) => k.ownerId),
      accounts.map(([, k]) => k.currency),
      accounts.map(([, k]) => k.purpose),
      accounts.map(([, k]) => PURPOSES[k.purpose].cached),
      accounts.map(([, k]) => PURPOSES[k.purpose].negative),
    ],
  );
  await db.exec(`
    DROP TABLE IF EXISTS bench_lane_accounts;
    CREATE TABLE bench_lane_accounts (
      merchant_id uuid NOT NULL, currency text NOT NULL, gateway_id uuid NOT NULL,
      ${LANE_ACCOUNTS.map((a) => `${a} uuid`).join(', ')},
      PRIMARY KEY (merchant_id, currency))`);
  await db.query(
    `INSERT INTO bench_lane_accounts (merchant_id, currency, gateway_id, ${LANE_ACCOUNTS.join(', ')})
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], ${LANE_ACCOUNTS.map((_, i) => `$${i + 4}::uuid[]`).join(', ')})`,
    [
      lanes.map((l) => l.merchant_id),
      lanes.map((l) => l.currency),
      lanes.map((l) => l.gateway_id),
      ...LANE_ACCOUNTS.map((a) => ids[a]),
    ],
  );
}

/** The fee split a journal's `details` repeat (`splitDetails`), for the kinds that record one. */
const DETAILS_SQL = `CASE WHEN j.kind IN ('payin.success', 'payout.post') THEN jsonb_build_object(
    'amount', j.amount::text, 'fee', j.fee::text, 'merchant_net', j.merchant_net::text,
    'reseller_commission', j.reseller_commission::text, 'platform_profit', j.platform_profit::text,
    'gateway_cost', j.gateway_cost::text) ELSE '{}'::jsonb END`;

/**
 * One row per journal: id (derived from its kind and transaction, so a rebuild makes the
 * same), owner, kind, ref_type, ref_id, contract_id, at, currency, the split figures, and its
 * lines as parallel arrays `accounts`/`amounts` (a line without an account or of zero is not
 * written, as `planPostings` drops zero lines). Needs `bench_lane_accounts`.
 */
const JOURNAL_ROWS_SQL = `
  SELECT md5('payin.success:' || p.id)::uuid AS id, p.merchant_account_id AS owner, 'payin.success' AS kind,
         'payin' AS ref_type, p.id AS ref_id, p.contract_id, p.completed_at AS at, p.currency,
         p.amount, p.fee, p.net_amount AS merchant_net, p.reseller_commission, p.platform_profit, p.gateway_cost,
         ARRAY[a.gateway_clearing, a.platform_fees, a.commission, a.available] AS accounts,
         ARRAY[-(p.amount - p.gateway_cost), p.platform_profit, p.reseller_commission, p.net_amount] AS amounts
    FROM payins p JOIN bench_lane_accounts a
      ON a.merchant_id = p.merchant_account_id AND a.currency = p.currency AND a.gateway_id = p.gateway_id
   WHERE p.status = 'success'
  UNION ALL
  SELECT md5('payout.reserve:' || p.id)::uuid, p.merchant_account_id, 'payout.reserve', 'payout', p.id,
         p.contract_id, p.created_at, p.currency, NULL, NULL, NULL, NULL, NULL, NULL,
         ARRAY[a.payout_available, a.payout_reserved], ARRAY[-(p.amount + p.fee), p.amount + p.fee]
    FROM payouts p JOIN bench_lane_accounts a ON a.merchant_id = p.merchant_account_id AND a.currency = p.currency
  UNION ALL
  SELECT md5('payout.post:' || p.id)::uuid, p.merchant_account_id, 'payout.post', 'payout', p.id,
         p.contract_id, p.completed_at, p.currency,
         p.amount, p.fee, p.amount, p.reseller_commission, p.platform_profit, p.gateway_cost,
         ARRAY[a.payout_reserved, a.gateway_clearing, a.platform_fees, a.commission],
         ARRAY[-(p.amount + p.fee), p.amount + p.gateway_cost, p.platform_profit, p.reseller_commission]
    FROM payouts p JOIN bench_lane_accounts a
      ON a.merchant_id = p.merchant_account_id AND a.currency = p.currency AND a.gateway_id = p.gateway_id
   WHERE p.status = 'success'
  UNION ALL
  SELECT md5('payout.void:' || p.id)::uuid, p.merchant_account_id, 'payout.void', 'payout', p.id,
         NULL::uuid, p.completed_at, p.currency, NULL, NULL, NULL, NULL, NULL, NULL,
         ARRAY[a.payout_reserved, a.payout_available], ARRAY[-(p.amount + p.fee), p.amount + p.fee]
    FROM payouts p JOIN bench_lane_accounts a ON a.merchant_id = p.merchant_account_id AND a.currency = p.currency
   WHERE p.status = 'failed'
  UNION ALL
  SELECT md5('top_up.approve:' || t.id)::uuid, t.merchant_account_id, 'top_up.approve', 'top_up', t.id,
         NULL::uuid, t.decided_at, t.currency, NULL, NULL, NULL, NULL, NULL, NULL,
         ARRAY[a.bank, a.payout_available], ARRAY[-t.amount, t.amount]
    FROM top_ups t JOIN bench_lane_accounts a ON a.merchant_id = t.merchant_account_id AND a.currency = t.currency
   WHERE t.status = 'approved'`;

/** The journals as rows of the `journal` table (plus `at`, `currency`, `accounts`, `amounts`). */
export const JOURNALS_SQL = `
  SELECT j.id, j.owner AS owner_account_id, j.kind, j.ref_type, j.ref_id, j.contract_id,
         ${DETAILS_SQL} AS details, j.at, j.currency, j.accounts, j.amounts
    FROM (${JOURNAL_ROWS_SQL}) j`;

/**
 * The lines of journals given as `source` (rows with id, kind, at, currency, accounts,
 * amounts, in the order the entries are to be written): journal_id, ledger_account_id,
 * currency, amount, created_at, kind.
 */
export const linesOf = (source: string) => `
  SELECT j.id AS journal_id, l.account AS ledger_account_id, j.currency, l.amount, j.at AS created_at, j.kind
    FROM ${source} j CROSS JOIN LATERAL unnest(j.accounts, j.amounts) AS l(account, amount)
   WHERE l.account IS NOT NULL AND l.amount <> 0`;

/**
 * Sets every world account's cached balance to the sum of its journals' lines, as the
 * lifecycle's postings (and a fold of the pending credits) would have left it.
 */
export async function deriveBalances(db: Db): Promise<void> {
  await db.exec(`
    UPDATE ledger_accounts la SET balance = s.total
      FROM (SELECT ledger_account_id, sum(amount)::bigint AS total
              FROM (${linesOf(`(${JOURNAL_ROWS_SQL})`)}) l GROUP BY 1) s
     WHERE la.id = s.ledger_account_id`);
}
