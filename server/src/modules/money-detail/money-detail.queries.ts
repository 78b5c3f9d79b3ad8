import type { RiskAction, SeenValue } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** One journal written for a money item, with the contract version it used. */
export interface JournalRecord {
  id: string;
  kind: string;
  created_at: Date;
  contract_id: string | null;
  contract_version: number | null;
  details: Record<string, unknown>;
}

/** One entry of a journal, with the ledger account it moves and that account's owner. */
export interface EntryRecord {
  journal_id: string;
  ledger_account_id: string;
  owner_kind: 'account' | 'gateway' | 'platform';
  owner_id: string;
  /** The account's code, the gateway's code, or null for the platform. */
  owner_code: string | null;
  purpose: string;
  currency: string;
  amount: bigint;
}

/** The journals of one item (found by its id), oldest first. */
export async function findJournalsOf(db: Queryable, refId: string): Promise<JournalRecord[]> {
  const { rows } = await db.query<JournalRecord>(
    `SELECT j.id, j.kind, j.created_at, j.contract_id, c.version AS contract_version, j.details
       FROM journal j LEFT JOIN contracts c ON c.id = j.contract_id
      WHERE j.ref_id = $1 ORDER BY j.created_at, j.id`,
    [refId],
  );
  return rows;
}

/** The entries of the given journals, in the order they were written. */
export async function findEntriesOf(
  db: Queryable,
  journalIds: readonly string[],
): Promise<EntryRecord[]> {
  if (!journalIds.length) return [];
  const { rows } = await db.query<EntryRecord>(
    `SELECT e.journal_id, e.ledger_account_id, la.owner_kind, la.owner_id,
            coalesce(a.account_db_code, g.payment_gateway_code) AS owner_code,
            la.purpose, e.currency, e.amount
       FROM entries e
       JOIN ledger_accounts la ON la.id = e.ledger_account_id
       LEFT JOIN accounts a ON la.owner_kind = 'account' AND a.id = la.owner_id
       LEFT JOIN payment_gateways g ON la.owner_kind = 'gateway' AND g.id = la.owner_id
      WHERE e.journal_id = ANY($1::uuid[])
      ORDER BY e.id`,
    [journalIds],
  );
  return rows;
}

/** An admin-log entry about one item: who did what, when, and the state before and after. */
export interface ItemLogRecord {
  created_at: Date;
  action: string;
  actor_username: string;
  actor_account_type: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The admin-log entries whose target is one of `targetIds` (successful ones), oldest first. */
export async function findItemLogs(
  db: Queryable,
  targetIds: readonly string[],
): Promise<(ItemLogRecord & { target_id: string })[]> {
  if (!targetIds.length) return [];
  const { rows } = await db.query<ItemLogRecord & { target_id: string }>(
    `SELECT target_id, created_at, action, actor_username, actor_account_type, before, after
       FROM admin_logs WHERE target_id = ANY($1::text[]) AND target_id <> '' AND outcome = 'success'
      ORDER BY created_at, id`,
    [targetIds],
  );
  return rows;
}

/** One kept match of an item's risk decision, with its rule's name, owner and version's text. */
export interface RiskMatchRecord {
  outcome: RiskAction;
  min_approvals: number;
  decided_at: Date;
  rule_id: string | null;
  rule_version: number | null;
  mode: 'active' | 'shadow' | null;
  action: RiskAction | null;
  error: boolean | null;
  /** Lifted by an allow rule, as intake's verdict said (`risk_matches.exempt`). */
  exempt: boolean | null;
  seen: Record<string, SeenValue> | null;
  name: string | null;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  definition: unknown;
}

/**
 * What intake decided about one item (`risk_decisions` by its key) with each match, its rule and
 * the version that matched, in one statement (`risk_matches` read through its `ref_id` index);
 * no rows when no rule matched the item.
 */
export async function findRiskDecisionOf(db: Queryable, refId: string): Promise<RiskMatchRecord[]> {
  const { rows } = await db.query<RiskMatchRecord>(
    `SELECT d.outcome, d.min_approvals, d.at AS decided_at, m.rule_id, m.rule_version, m.mode,
            m.action, m.error, m.exempt, m.seen, r.name, r.merchant_account_id, r.reseller_account_id,
            v.definition
       FROM risk_decisions d
       LEFT JOIN risk_matches m ON m.ref_id = d.ref_id
       LEFT JOIN risk_rules r ON r.id = m.rule_id
       LEFT JOIN risk_rule_versions v ON v.rule_id = m.rule_id AND v.version = m.rule_version
      WHERE d.ref_id = $1::uuid
      ORDER BY m.id`,
    [refId],
  );
  return rows;
}
