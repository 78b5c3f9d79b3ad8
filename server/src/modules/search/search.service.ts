import {
  decideAccess,
  getReconLineList,
  SEARCH_HITS_PER_KIND,
  type AccountHit,
  type SearchGroup,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { likeLiteral } from '../../db/like-patterns';
import type { Actor } from '../../core/context';
import { searchScopedLists } from '../scoped-lists/list-search';
import { findReconLinesByReference } from '../reconciliation/reconciliation.service';
import { isUuid } from '../scoped-lists/search-condition';
import { searchFacets } from '../money-lookup/search-facet';
import { ACCOUNT_SEARCHES, moneyHitOf, type AccountSearch } from './search-kinds';

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
 * The accounts of each kind in `searches` the actor may see whose id is `text`, or whose code,
 * name or email starts with it, any case (`lower(...) text_pattern_ops` index ranges,
 * migration 0815): one statement, a part per kind, each at most SEARCH_HITS_PER_KIND.
 */
async function findAccounts(
  db: Queryable,
  actor: Actor,
  searches: readonly AccountSearch[],
  text: string,
): Promise<AccountHit[][]> {
  const params: unknown[] = [];
  const prefix = `$${params.push(`${likeLiteral(text.toLowerCase())}%`)}`;
  const matching = [
    `lower(a.account_db_code) LIKE ${prefix}`,
    `lower(a.name) LIKE ${prefix}`,
    `lower(a.email) LIKE ${prefix}`,
    ...(isUuid(text) ? [`a.id = $${params.push(text)}::uuid`] : []),
  ].join(' OR ');
  const parts = searches.flatMap((search, part) => {
    const visible = search.visible(actor, params);
    if (visible === 'FALSE') return [];
    return [
      `(SELECT ${part} AS part, a.id, a.account_db_code, a.name, a.email, a.status FROM accounts a
         WHERE ${visible} AND (${matching})
         ORDER BY a.account_db_code LIMIT ${SEARCH_HITS_PER_KIND})`,
    ];
  });
  if (!parts.length) return searches.map(() => []);
  const { rows } = await db.query<AccountRecord & { part: number }>(
    parts.join(' UNION ALL '),
    params,
  );
  return searches.map((_, part) =>
    rows
      .filter((r) => r.part === part)
      .map(({ part: _part, ...a }) => ({ ...a, matched: accountMatch(a, text) })),
  );
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
  const money = searchFacets
    .all()
    .map(([, search]) => search)
    .filter(allowed(actor));
  const accounts = ACCOUNT_SEARCHES.filter(allowed(actor));
  // Reconciliation lines: for whoever may open a run's lines (admins with the module).
  const seesReconLines = allowed(actor)(getReconLineList);
  const [moneyHits, accountHits, reconLines] = await Promise.all([
    searchScopedLists(db, money, actor, text, SEARCH_HITS_PER_KIND),
    findAccounts(db, actor, accounts, text),
    seesReconLines ? findReconLinesByReference(db, text, SEARCH_HITS_PER_KIND) : [],
  ]);
  const groups: SearchGroup[] = [
    ...money.map((s, i) => ({
      type: 'money' as const,
      kind: s.kind,
      hits: moneyHits[i]!.map((row) => moneyHitOf(s.view(row), text)),
    })),
    { type: 'recon_line' as const, kind: 'recon_line' as const, hits: reconLines },
    ...accounts.map((s, i) => ({ type: 'account' as const, kind: s.kind, hits: accountHits[i]! })),
  ];
  return { groups: groups.filter((g) => g.hits.length > 0) };
}
