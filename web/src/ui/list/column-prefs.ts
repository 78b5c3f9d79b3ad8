import { STORAGE_KEYS } from '../../lib/storage-keys';

/** Which columns a user hid and the order they put them in, for one list. */
export interface ColumnPrefs {
  readonly hidden: readonly string[];
  readonly order: readonly string[];
}

export const NO_PREFS: ColumnPrefs = { hidden: [], order: [] };

/** The browser storage key of a user's column choice for a list (per signed-in username). */
export function columnPrefsKey(username: string, listId: string): string {
  return `${STORAGE_KEYS.listColumnsPrefix}${username}.${listId}`;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Reads a stored choice, keeping only columns the list still has; null when the user made none
 * (or it is unreadable), so the list's defaults apply.
 */
export function readColumnPrefs(
  storage: Pick<Storage, 'getItem'>,
  key: string,
  columnIds: readonly string[],
): ColumnPrefs | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { hidden, order } = parsed as { hidden?: unknown; order?: unknown };
  const known = (ids: unknown) =>
    isStringArray(ids) ? ids.filter((id) => columnIds.includes(id)) : [];
  return { hidden: known(hidden), order: known(order) };
}

/**
 * The columns a list shows: the user's own choice when they made one, else the list's default
 * hidden columns (a report's, from /report-setting) in the list's own order.
 */
export function prefsOrDefaults(
  own: ColumnPrefs | null,
  defaultHidden: readonly string[],
  columnIds: readonly string[],
): ColumnPrefs {
  return own ?? { hidden: columnIds.filter((id) => defaultHidden.includes(id)), order: [] };
}

/** Stores a choice; a full or refused storage only loses the choice, never the list. */
export function writeColumnPrefs(
  storage: Pick<Storage, 'setItem'>,
  key: string,
  prefs: ColumnPrefs,
): void {
  try {
    storage.setItem(key, JSON.stringify({ hidden: prefs.hidden, order: prefs.order }));
  } catch {
    // Quota or privacy mode: the columns fall back to the default next time.
  }
}

/** Forgets a user's choice: the list's defaults apply again. */
export function clearColumnPrefs(storage: Pick<Storage, 'removeItem'>, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Privacy mode: nothing was stored to forget.
  }
}

/** The columns in the user's order: stored ones first, then any the list added since. */
export function orderedColumns(columnIds: readonly string[], prefs: ColumnPrefs): string[] {
  return [...prefs.order, ...columnIds.filter((id) => !prefs.order.includes(id))];
}

/** Moves a column one place earlier (-1) or later (+1) in the order. */
export function moveColumn(order: readonly string[], id: string, step: -1 | 1): string[] {
  const next = [...order];
  const at = next.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}
