import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import type { ScopedList } from './list-query';
import { sqlOf, type FixedCondition } from './list-totals';
import { scopeCondition } from './scope';
import { searchCondition } from './search-condition';

/**
 * At most `limit` rows of `list` its search box finds for `text` (the list's `search` columns:
 * ids and exact texts on indexed columns), newest first by its default sort, within the
 * actor's scope and `fixed`: the global search's lookup of one kind.
 */
export async function searchScopedList<R>(
  db: Queryable,
  list: ScopedList<R>,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  text: string,
  limit: number,
  fixed: readonly FixedCondition[] = [],
): Promise<R[]> {
  const { spec } = list;
  const params: unknown[] = [];
  const matching = searchCondition(spec.search, text, params);
  // Nothing of the list can match (a text that is no id, for a list searched by id only).
  if (matching === 'FALSE') return [];
  const where = [matching, scopeCondition(actor, spec.scope, params), ...fixed.map(sqlOf)];
  const { rows } = await db.query<R>(
    `SELECT ${spec.columns} ${spec.from} WHERE ${where.join(' AND ')}
      ORDER BY ${spec.sorts[spec.defaultSort]} DESC, ${spec.alias}.id DESC
      LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return rows;
}
