import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { baseOf } from './list-conditions';
import type { ScopedList } from './list-spec';
import { sqlOf, type FixedCondition } from './list-totals';
import { scopeCondition } from './scope';
import { searchCondition } from './search-condition';

/** One list the global search looks in, with the list's own constant conditions. */
export interface SearchedList {
  readonly list: ScopedList<unknown>;
  readonly fixed: readonly FixedCondition[];
}

const orderOf = ({ spec }: ScopedList<unknown>) =>
  `${spec.sorts[spec.defaultSort]} DESC, ${spec.alias}.id DESC`;

/**
 * The keys of one list's part of the search (its search box's columns: ids and exact texts on
 * indexed columns, within the scope and `fixed`), read from the table alone where the
 * conditions allow (`baseOf`); null when nothing of the list can match `text`.
 */
function keysPart(
  { list, fixed }: SearchedList,
  part: number,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  text: string,
  limit: number,
  params: unknown[],
): string | null {
  const { spec } = list;
  const matching = searchCondition(spec.search, text, params, 'prefix');
  // A text that is no id, for a list searched by id only.
  if (matching === 'FALSE') return null;
  const where = [matching, scopeCondition(actor, spec.scope, params), ...fixed.map(sqlOf)];
  const order = orderOf(list);
  const base = baseOf(spec);
  const from = base && ![...where, order].some((w) => base.joined.test(w)) ? base.from : spec.from;
  return `(SELECT ${part} AS part, ${spec.alias}.id ${from} WHERE ${where.join(' AND ')}
            ORDER BY ${order} LIMIT ${Math.trunc(limit)})`;
}

/**
 * At most `limit` rows of each list its search box finds for `text`, newest first by the
 * list's default sort, within the actor's scope: the global search's lookup. The keys of every
 * list come in one statement (a part per list, each an index probe); the rows with their joins
 * are then read only for the lists with hits, so the usual misses cost nothing more.
 */
export async function searchScopedLists(
  db: Queryable,
  lists: readonly SearchedList[],
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  text: string,
  limit: number,
): Promise<unknown[][]> {
  const params: unknown[] = [];
  const parts = lists
    .map((searched, part) => keysPart(searched, part, actor, text, limit, params))
    .filter((sql) => sql !== null);
  if (!parts.length) return lists.map(() => []);
  const keys = await db.query<{ part: number; id: string }>(parts.join(' UNION ALL '), params);
  return Promise.all(
    lists.map(async ({ list }, part) => {
      const ids = keys.rows.filter((k) => k.part === part).map((k) => k.id);
      if (!ids.length) return [];
      const { spec } = list;
      const { rows } = await db.query(
        `SELECT ${spec.columns} ${spec.from} WHERE ${spec.alias}.id = ANY($1::uuid[])
          ORDER BY ${orderOf(list)}`,
        [ids],
      );
      return rows;
    }),
  );
}
