import { containsPattern } from '../../db/like-patterns';

/** What a list's one search box looks in. */
export interface SearchColumns {
  /** uuid columns, matched when the text is an id. */
  readonly ids: readonly string[];
  /** Text columns matched exactly (order ids, gateway references). */
  readonly texts: readonly string[];
  /**
   * Exact matches on another table, each a condition on this one with `?` for the text, which
   * an index of each table can answer (a refund by its pay-in's order id:
   * `f.payin_id = ANY(ARRAY(SELECT id FROM payins WHERE order_id = ?))`). A joined table's
   * column in an OR with this table's would read every joined row instead.
   */
  readonly lookups?: readonly string[];
  /** Text columns holding the text anywhere, any case (names, emails, subjects). */
  readonly contains?: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is an id (a uuid), so uuid columns can be compared with it. */
export const isUuid = (text: string) => UUID.test(text.trim());

/**
 * The condition a search box's `text` adds to a list, its parameters pushed onto `params`
 * (`$n` numbered): any of the columns matching, or FALSE for a list with nothing to search.
 */
export function searchCondition(columns: SearchColumns, text: string, params: unknown[]): string {
  // One parameter per type: PostgreSQL gives a parameter one type for the whole statement.
  const s = text.trim();
  const any: string[] = [];
  if (isUuid(s) && columns.ids.length) {
    const n = params.push(s);
    any.push(...columns.ids.map((col) => `${col} = $${n}::uuid`));
  }
  if (columns.texts.length || columns.lookups?.length) {
    const n = params.push(s);
    any.push(...columns.texts.map((col) => `${col} = $${n}`));
    any.push(...(columns.lookups ?? []).map((lookup) => lookup.replaceAll('?', `$${n}`)));
  }
  if (columns.contains?.length) {
    const n = params.push(containsPattern(s));
    any.push(...columns.contains.map((col) => `${col} ILIKE $${n}`));
  }
  return any.length ? `(${any.join(' OR ')})` : 'FALSE';
}
