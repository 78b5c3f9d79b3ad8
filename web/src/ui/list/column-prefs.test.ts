import { describe, expect, it } from 'vitest';
import {
  clearColumnPrefs,
  columnPrefsKey,
  moveColumn,
  orderedColumns,
  prefsOrDefaults,
  readColumnPrefs,
  writeColumnPrefs,
} from './column-prefs';

/** The part of the Web Storage interface the prefs use, over a Map (Node has no localStorage). */
class MapStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const COLUMNS = ['order_id', 'amount', 'status', 'created_at'];

describe('column choice storage', () => {
  it('keeps one choice per user and list', () => {
    const storage = new MapStorage();
    const alice = columnPrefsKey('alice', 'payins');
    const bob = columnPrefsKey('bob', 'payins');
    expect(alice).not.toBe(bob);
    expect(columnPrefsKey('alice', 'payouts')).not.toBe(alice);
    writeColumnPrefs(storage, alice, { hidden: ['amount'], order: ['status', 'order_id'] });
    expect(readColumnPrefs(storage, alice, COLUMNS)).toEqual({
      hidden: ['amount'],
      order: ['status', 'order_id'],
    });
    expect(readColumnPrefs(storage, bob, COLUMNS)).toBeNull();
  });

  it('forgets columns the list no longer has, and anything unreadable', () => {
    const storage = new MapStorage();
    const key = columnPrefsKey('alice', 'payins');
    storage.setItem(key, JSON.stringify({ hidden: ['gone', 'fee', 'status'], order: 'x' }));
    expect(readColumnPrefs(storage, key, COLUMNS)).toEqual({ hidden: ['status'], order: [] });
    storage.setItem(key, '{not json');
    expect(readColumnPrefs(storage, key, COLUMNS)).toBeNull();
  });

  it("shows the list's default hidden columns until the user makes a choice of their own", () => {
    const storage = new MapStorage();
    const key = columnPrefsKey('alice', 'daily-transactions-report');
    const defaults = ['fee', 'amount', 'gone'];
    // No choice yet: the defaults (only columns the list has), in the list's order.
    expect(prefsOrDefaults(readColumnPrefs(storage, key, COLUMNS), defaults, COLUMNS)).toEqual({
      hidden: ['amount'],
      order: [],
    });
    // Their own choice wins, even one that hides nothing.
    writeColumnPrefs(storage, key, { hidden: [], order: ['status'] });
    expect(prefsOrDefaults(readColumnPrefs(storage, key, COLUMNS), defaults, COLUMNS)).toEqual({
      hidden: [],
      order: ['status'],
    });
    // Forgetting it (Reset columns) brings the defaults back.
    clearColumnPrefs(storage, key);
    expect(prefsOrDefaults(readColumnPrefs(storage, key, COLUMNS), defaults, COLUMNS)).toEqual({
      hidden: ['amount'],
      order: [],
    });
  });

  it('orders stored columns first and adds new ones at the end', () => {
    expect(orderedColumns(COLUMNS, { hidden: [], order: ['status', 'order_id'] })).toEqual([
      'status',
      'order_id',
      'amount',
      'created_at',
    ]);
  });

  it('moves a column one place, not past either end', () => {
    expect(moveColumn(COLUMNS, 'status', -1)).toEqual([
      'order_id',
      'status',
      'amount',
      'created_at',
    ]);
    expect(moveColumn(COLUMNS, 'order_id', -1)).toEqual(COLUMNS);
    expect(moveColumn(COLUMNS, 'created_at', 1)).toEqual(COLUMNS);
  });
});
