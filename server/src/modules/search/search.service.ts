import {
  decideAccess,
  SEARCH_HITS_PER_KIND,
  type AccountHit,
  type SearchGroup,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { likeLiteral } from '../../db/like-patterns';
import type { Actor } from '../../core/context';
import { searchScopedList } from '../money-scope/list-search';
import { isUuid } from '../money-scope/search-condition';
import {
  ACCOUNT_SEARCHES,
  MONEY_SEARCHES,
  moneyHitOf,
  type AccountSearch,
  type MoneySearch,
} from './search-kinds';

interface AccountRecord {
  id: string;
  account_db_code: string;
  name: string;
  email: string;
  status: string;
}

/** What of an account `text` matched (the query found it by one of these). */
function accountMatch(a: AccountRecord, text: string): AccountHit['matched'] {
  const lower = text.toLowerCase();
  if (a.id === lower) return 'id';
  if (a.account_db_code.toLowerCase().startsWith(lower)) return 'code';
  if (a.name.toLowerCase().startsWith(lower)) return 'name';
  return 'email';
}

/**
 * The accounts of one kind the actor may see whose id is `text`, or whose code, name or email
 * starts with it, any case: each an index range (`lower(...) text_pattern_ops`, migration 0815).
 */
async function findAccounts(
  db: Queryable,
  actor: Actor,
  search: AccountSearch,
  text: string,
): Promise<AccountHit[]> {
  const params: unknown[] = [];
  const visible = search.visible(actor, params);
  if (visible === 'FALSE') return [];
  const prefix = `$${params.push(`${likeLiteral(text.toLowerCase())}%`)}`;
  const any = [
    `lower(a.account_db_code) LIKE ${prefix}`,
    `lower(a.name) LIKE ${prefix}`,
    `lower(a.email) LIKE ${prefix}`,
  ];
  if (isUuid(text)) any.push(`a.id = $${params.push(text)}::uuid`);
  const { rows } = await db.query<AccountRecord>(
    `SELECT a.id, a.account_db_code, a.name, a.email, a.status FROM accounts a
      WHERE ${visible} AND (${any.join(' OR ')})
      ORDER BY a.account_db_code LIMIT ${SEARCH_HITS_PER_KIND}`,
    params,
  );
  return rows.map((a) => ({ ...a, matched: accountMatch(a, text) }));
}

async function findMoney(db: Queryable, actor: Actor, search: MoneySearch, text: string) {
  const rows = await searchScopedList(
    db,
    search.list,
    actor,
    text,
    SEARCH_HITS_PER_KIND,
    search.fixed,
  );
  return rows.map((row) => moneyHitOf(search.view(row), text));
}

const allowed = (actor: Actor) => (s: { rule: Parameters<typeof decideAccess>[0] }) =>
  decideAccess(s.rule, actor) === 'allowed';

/**
 * The global search: every kind whose list the actor may open, each looked up within the
 * actor's scope; the kinds with hits, in the order of the kinds' lists.
 */
export async function searchEverything(
  db: Queryable,
  actor: Actor,
  text: string,
): Promise<{ groups: SearchGroup[] }> {
  const money = MONEY_SEARCHES.filter(allowed(actor));
  const accounts = ACCOUNT_SEARCHES.filter(allowed(actor));
  const [moneyHits, accountHits] = await Promise.all([
    Promise.all(money.map((s) => findMoney(db, actor, s, text))),
    Promise.all(accounts.map((s) => findAccounts(db, actor, s, text))),
  ]);
  const groups: SearchGroup[] = [
    ...money.map((s, i) => ({ type: 'money' as const, kind: s.kind, hits: moneyHits[i]! })),
    ...accounts.map((s, i) => ({ type: 'account' as const, kind: s.kind, hits: accountHits[i]! })),
  ];
  return { groups: groups.filter((g) => g.hits.length > 0) };
}
