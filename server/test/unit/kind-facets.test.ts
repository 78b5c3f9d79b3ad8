import { describe, expect, it } from 'vitest';
import { facetTable } from '../../src/core/kind-facets';

describe('a facet table: one implementation per money kind, read by the shared rooms', () => {
  it('answers the implementation a kind registered, and whether it has one', () => {
    const table = facetTable<{ word: string }>('greeting');
    table.register('refund', { word: 'refunded' });
    expect(table.of('refund')).toEqual({ word: 'refunded' });
    expect(table.has('refund')).toBe(true);
    expect(table.has('payin')).toBe(false);
    expect(table.has('no_such_kind')).toBe(false);
  });

  it('refuses a kind without the facet, naming the kind, the facet and the likely cause', () => {
    const table = facetTable<string>('quote');
    expect(() => table.of('payin')).toThrow(
      'money kind payin has no quote facet (registerMoneyKinds not called?)',
    );
    table.register('payout', 'priced');
    expect(() => table.of('payin')).toThrow('money kind payin has no quote facet');
  });

  it('lists the kinds in the registry order, whatever order they registered in', () => {
    const table = facetTable<number>('order');
    table.register('dispute', 8);
    table.register('payin', 1);
    table.register('top_up', 6);
    table.register('payout', 2);
    expect(table.all()).toEqual([
      ['payin', 1],
      ['payout', 2],
      ['top_up', 6],
      ['dispute', 8],
    ]);
    // A late registration shows in the next listing, in its place.
    table.register('refund', 7);
    expect(table.all().map(([kind]) => kind)).toEqual([
      'payin',
      'payout',
      'top_up',
      'refund',
      'dispute',
    ]);
  });

  it('registers again idempotently: the second registration replaces the first', () => {
    const table = facetTable<string>('again');
    table.register('payin', 'first');
    table.register('payin', 'second');
    expect(table.of('payin')).toBe('second');
    expect(table.all()).toEqual([['payin', 'second']]);
  });

  it('keeps each table to itself', () => {
    const a = facetTable<string>('a');
    const b = facetTable<string>('b');
    a.register('payin', 'in a');
    expect(b.has('payin')).toBe(false);
    expect(() => b.of('payin')).toThrow('money kind payin has no b facet');
  });
});
