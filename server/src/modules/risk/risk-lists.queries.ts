import type { RiskEntryState, RiskKeyType, RiskListType, RiskOwnerScope } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { containsPattern } from '../../db/like-patterns';
import { scopeCondition } from '../scoped-lists/scope';
import type { ScopeActor } from '../scoped-lists/list-spec';

/**
 * Risk lists and their entries in SQL (0930_risk_lists.sql). A list's owner columns are those
 * of balance_adjustments: platform (null, null), reseller (null, itself), merchant (itself,
 * its reseller).
 */

export interface RiskListRecord {
  id: string;
  name: string;
  key_type: RiskKeyType;
  list_type: RiskListType;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  owner_db_code: string | null;
  owner_name: string | null;
  active_entries: bigint;
  created_by: string;
  created_at: Date;
}

export interface RiskEntryRecord {
  id: string;
  list_id: string;
  value: string;
  state: RiskEntryState;
  expires_at: Date | null;
  reason: string;
  created_by: string;
  created_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
  removal_reason: string | null;
}

/**
 * The lists `actor` may see and change: every one for an admin, a merchant's own, a reseller's
 * own and its merchants' (found through accounts, as the other scoped lists); platform lists
 * only admins. Pushes its parameter onto `params`.
 */
export function riskScopeCondition(actor: ScopeActor, params: unknown[]): string {
  const merchants = scopeCondition(actor, { merchant: 'l.merchant_account_id' }, params);
  if (actor.accountType !== 'reseller') return merchants;
  return `(${merchants} OR (l.merchant_account_id IS NULL AND l.reseller_account_id = $${params.length}))`;
}

const SCOPE_CONDITIONS: Readonly<Record<RiskOwnerScope, string>> = {
  platform: 'l.merchant_account_id IS NULL AND l.reseller_account_id IS NULL',
  reseller: 'l.merchant_account_id IS NULL AND l.reseller_account_id IS NOT NULL',
  merchant: 'l.merchant_account_id IS NOT NULL',
};

/** An entry's state at `$n` (an instant parameter). */
export const entryStateSql = (at: string) => `CASE WHEN e.removed_at IS NOT NULL THEN 'removed'
  WHEN e.expires_at IS NOT NULL AND e.expires_at <= ${at} THEN 'expired' ELSE 'active' END`;

const ENTRY_STATE_CONDITIONS = (at: string): Readonly<Record<RiskEntryState, string>> => ({
  active: `e.removed_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > ${at})`,
  expired: `e.removed_at IS NULL AND e.expires_at <= ${at}`,
  removed: 'e.removed_at IS NOT NULL',
});

export const LIST_COLUMNS = (at: string) => `l.id, l.name, l.key_type, l.list_type,
  l.merchant_account_id, l.reseller_account_id, l.created_at,
  o.account_db_code AS owner_db_code, o.name AS owner_name, c.username AS created_by,
  (SELECT count(*) FROM risk_list_entries e
    WHERE e.list_id = l.id AND ${ENTRY_STATE_CONDITIONS(at).active}) AS active_entries`;

export const LIST_FROM = `FROM risk_lists l
  LEFT JOIN accounts o ON o.id = coalesce(l.merchant_account_id, l.reseller_account_id)
  JOIN accounts c ON c.id = l.created_by`;

export interface RiskListFilters {
  readonly search?: string;
  readonly listType?: RiskListType;
  readonly keyType?: RiskKeyType;
  readonly scope?: RiskOwnerScope;
  readonly merchantDbCode?: string;
  readonly resellerDbCode?: string;
}

const accountByCode = (n: number) =>
  `(SELECT id FROM accounts WHERE account_db_code = $${n} AND parent_account_id IS NULL)`;

/** The conditions of a lists request but its list type (the tabs count across types). */
export function listConditions(actor: ScopeActor, f: RiskListFilters, params: unknown[]): string[] {
  const where = [riskScopeCondition(actor, params)];
  if (f.search) where.push(`l.name ILIKE $${params.push(containsPattern(f.search))}`);
  if (f.keyType) where.push(`l.key_type = $${params.push(f.keyType)}`);
  if (f.scope) where.push(SCOPE_CONDITIONS[f.scope]);
  if (f.merchantDbCode)
    where.push(`l.merchant_account_id = ${accountByCode(params.push(f.merchantDbCode))}`);
  if (f.resellerDbCode)
    where.push(`l.reseller_account_id = ${accountByCode(params.push(f.resellerDbCode))}`);
  return where;
}

/** How many lists of each list type match (the tabs). */
export async function countListsByType(
  db: Queryable,
  actor: ScopeActor,
  f: RiskListFilters,
): Promise<Record<string, number>> {
  const params: unknown[] = [];
  const where = listConditions(actor, f, params);
  const { rows } = await db.query<{ list_type: string; n: bigint }>(
    `SELECT l.list_type, count(*) AS n FROM risk_lists l WHERE ${where.join(' AND ')} GROUP BY 1`,
    params,
  );
  return Object.fromEntries(rows.map((r) => [r.list_type, Number(r.n)]));
}

/** One list by id if `actor` may see it, else null; `lock` takes its row lock (writes). */
export async function findListInScope(
  db: Queryable,
  actor: ScopeActor,
  id: string,
  lock = false,
): Promise<RiskListRecord | null> {
  const params: unknown[] = [id, new Date()];
  const scope = riskScopeCondition(actor, params);
  const { rows } = await db.query<RiskListRecord>(
    `SELECT ${LIST_COLUMNS('$2::timestamptz')} ${LIST_FROM}
      WHERE l.id = $1::uuid AND ${scope}${lock ? ' FOR UPDATE OF l' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

export interface EntryFilters {
  readonly listId: string;
  readonly search?: string;
  readonly status?: RiskEntryState;
}

export const ENTRY_COLUMNS = (at: string) => `e.id, e.list_id, e.value, e.expires_at, e.reason,
  e.created_at, e.removed_at, e.removal_reason, ${entryStateSql(at)} AS state,
  c.username AS created_by, r.username AS removed_by`;

export const ENTRY_FROM = `FROM risk_list_entries e JOIN accounts c ON c.id = e.created_by
  LEFT JOIN accounts r ON r.id = e.removed_by`;

/** The conditions of an entries request but its state; `$1` is the list, `$2` the time. */
export function entryConditions(f: EntryFilters, params: unknown[]): string[] {
  const where = ['e.list_id = $1::uuid'];
  if (f.search) where.push(`e.value ILIKE $${params.push(containsPattern(f.search.trim()))}`);
  return where;
}

export const entryStateCondition = (state: RiskEntryState) =>
  ENTRY_STATE_CONDITIONS('$2::timestamptz')[state];

/** How many entries of each state match. */
export async function countEntriesByState(
  db: Queryable,
  f: EntryFilters,
  at: Date,
): Promise<Record<string, number>> {
  const params: unknown[] = [f.listId, at];
  const where = entryConditions(f, params);
  const { rows } = await db.query<{ state: string; n: bigint }>(
    `SELECT ${entryStateSql('$2::timestamptz')} AS state, count(*) AS n
       FROM risk_list_entries e WHERE ${where.join(' AND ')} GROUP BY 1`,
    params,
  );
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/**
 * One entry and its list's id, if the entry's list is in `actor`'s scope; `lock` takes the
 * entry's row lock (after its list's: every write locks a list first).
 */
export async function findEntryInScope(
  db: Queryable,
  actor: ScopeActor,
  id: string,
  lock = false,
): Promise<{ id: string; list_id: string; value: string; removed_at: Date | null } | null> {
  const params: unknown[] = [id];
  const scope = riskScopeCondition(actor, params);
  const { rows } = await db.query<{
    id: string;
    list_id: string;
    value: string;
    removed_at: Date | null;
  }>(
    `SELECT e.id, e.list_id, e.value, e.removed_at FROM risk_list_entries e
       JOIN risk_lists l ON l.id = e.list_id
      WHERE e.id = $1::uuid AND ${scope}${lock ? ' FOR UPDATE OF e' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

/** One entry as the calls answer it. */
export async function readEntry(db: Queryable, id: string, at: Date): Promise<RiskEntryRecord> {
  const { rows } = await db.query<RiskEntryRecord>(
    `SELECT ${ENTRY_COLUMNS('$2::timestamptz')} ${ENTRY_FROM} WHERE e.id = $1::uuid`,
    [id, at],
  );
  return rows[0]!;
}

export interface NewEntry {
  readonly id: string;
  readonly value: string;
  readonly valueHash: bigint;
  readonly expiresAt: Date | null;
  readonly reason: string;
}

/** Inserts entries of one list, by one statement per call (the caller batches). */
export async function insertEntries(
  db: Queryable,
  listId: string,
  entries: readonly NewEntry[],
  by: string,
  at: Date,
): Promise<void> {
  if (!entries.length) return;
  await db.query(
    `INSERT INTO risk_list_entries (id, list_id, value, value_h, expires_at, reason, created_by, created_at)
     SELECT id, $1::uuid, value, value_h, expires_at, reason, $2::uuid, $3::timestamptz
       FROM unnest($4::uuid[], $5::text[], $6::bigint[], $7::timestamptz[], $8::text[])
         AS x(id, value, value_h, expires_at, reason)`,
    [
      listId,
      by,
      at,
      entries.map((e) => e.id),
      entries.map((e) => e.value),
      entries.map((e) => e.valueHash.toString()),
      entries.map((e) => (e.expiresAt ? e.expiresAt.toISOString() : null)),
      entries.map((e) => e.reason),
    ],
  );
}

/**
 * Of `values`, those with an unremoved entry in the list: active ones (to report as
 * duplicates) and expired ones (stamped removed when the value is added again).
 */
export async function liveEntriesOf(
  db: Queryable,
  listId: string,
  values: readonly string[],
  at: Date,
): Promise<{ id: string; value: string; expired: boolean }[]> {
  if (!values.length) return [];
  const { rows } = await db.query<{ id: string; value: string; expired: boolean }>(
    `SELECT id, value, (expires_at IS NOT NULL AND expires_at <= $3) AS expired
       FROM risk_list_entries
      WHERE list_id = $1::uuid AND removed_at IS NULL AND value = ANY($2::text[])`,
    [listId, values, at],
  );
  return rows;
}

/** Stamps entries removed: by whom, when and why. */
export async function stampRemoved(
  db: Queryable,
  ids: readonly string[],
  by: string,
  at: Date,
  reason: string,
): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `UPDATE risk_list_entries SET removed_at = $2, removed_by = $3, removal_reason = $4
      WHERE id = ANY($1::uuid[]) AND removed_at IS NULL`,
    [ids, at, by, reason],
  );
}
