import { describe, expect, it } from 'vitest';
import { exportFileBase, exportFiltersOf } from '../src/export-name';

describe('export file names', () => {
  it('name the list alone when no filter is given', () => {
    expect(exportFileBase('getPayinList', { page: 2, pageSize: 20, sort: 'id' })).toBe(
      'getPayinList',
    );
    expect(exportFileBase('getPayinList', { timeZone: 'Default', search: '' })).toBe(
      'getPayinList',
    );
  });

  it('carry each filter, then the time zone', () => {
    expect(
      exportFileBase('getPayinList', { currency: 'THB', status: 'success', timeZone: 'Malaysia' }),
    ).toBe('getPayinList-currency=THB-status=success-tz=Malaysia');
  });

  it('turn characters a file system refuses into _', () => {
    expect(
      exportFileBase('getPayinList', { createdFrom: '2026-11-01T00:00:00Z', q: 'a/b\\c' }),
    ).toBe('getPayinList-createdFrom=2026-11-01T00_00_00Z-q=a_b_c');
    expect(exportFileBase('getResellerList', { search: 'مرحبا بك' })).toBe(
      'getResellerList-search=مرحبا_بك',
    );
  });

  it('cut long filter text', () => {
    const name = exportFileBase('getPayinList', { search: 'x'.repeat(500) });
    expect(name.length).toBeLessThan(140);
    expect(name.endsWith('…')).toBe(true);
  });

  it('list the filters given, without page fields', () => {
    expect(exportFiltersOf({ page: 1, status: 'failed', search: '', amountMin: 10 })).toEqual([
      ['status', 'failed'],
      ['amountMin', '10'],
    ]);
  });
});
