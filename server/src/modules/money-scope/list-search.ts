import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { baseOf, type ScopedList } from './list-query';
import { sqlOf, type FixedCondition } from './list-totals';
import { scopeCondition } from './scope';
import { searchCondition } from './search-condition';

/**
 * At most `limit` rows of `list` its search box finds for `text` (the list's `search` columns:
 * ids and exact texts on indexed columns), newest first by its default sort, within the
 * actor's scope and `fixed`: the global search's lookup of one kind. The keys are read from the
 * table alone where the conditions allow (`baseOf`), so a miss, the usual answer for all kinds
 * but one, costs one short statement; the rows with their joins are read only for hits.
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
  const order = `${spec.sorts[spec.defaultSort]} DESC, ${spec.alias}.id DESC`;
  const base = baseOf(spec);
  const keyFrom =
    base && ![...where, order].some((w) => base.joined.test(w)) ? base.from : spec.from;
  const keys = await db.query<{ id: string }>(
    `SELECT ${spec.alias}.id ${keyFrom} WHERE ${where.join(' AND ')}
      ORDER BY ${order} LIMIT ${Math.trunc(limit)}`,
    params,
  );
  if (!keys.rows.length) return [];
  const { rows } = await db.query<R>(
    `SELECT ${spec.columns} ${spec.from} WHERE ${spec.alias}.id = ANY($1::uuid[]) ORDER BY ${order}`,
    [keys.rows.map((k) => k.id)],
  );
  return rows;
}
