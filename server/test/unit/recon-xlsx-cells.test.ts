import { describe, expect, it } from 'vitest';
import { columnIndex, excelNumberText } from '../../src/modules/reconciliation/xlsx-sheet-xml';
import { readSerialTimeCell } from '../../src/modules/reconciliation/line-values';
import type { ColumnMap } from '../../src/modules/reconciliation/column-map';

describe('XLSX cells', () => {
  it('reads column letters as indexes', () => {
    expect(['A1', 'B7', 'Z2', 'AA10', 'XFD1', '1'].map(columnIndex)).toEqual([
      0, 1, 25, 26, 16383, -1,
    ]);
  });

  it("writes numbers plainly, to Excel's 15 significant digits, without a float", () => {
    const cases: [string, string | null][] = [
      ['1234.5599999999999', '1234.56'],
      ['0.30000000000000004', '0.3'],
      ['1.5E-3', '0.0015'],
      ['1.2345E+3', '1234.5'],
      ['-12', '-12'],
      ['999999999999999.9', '1000000000000000'],
      ['000.000', '0'],
      ['1e', null],
      ['ten', null],
    ];
    for (const [raw, plain] of cases) expect(excelNumberText(raw), raw).toBe(plain);
  });

  it("reads a spreadsheet's day number as a wall time in the map's zone", () => {
    const map = { timeZone: '+07:00' } as ColumnMap;
    expect(readSerialTimeCell('46353.5', map)?.toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(
      readSerialTimeCell('46353.5', { timeZone: 'Europe/Paris' } as ColumnMap)?.toISOString(),
    ).toBe('2026-11-27T11:00:00.000Z');
    expect(readSerialTimeCell('3000', map)).toBeNull();
    expect(readSerialTimeCell('-1', map)).toBeNull();
  });
});
