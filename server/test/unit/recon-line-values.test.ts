import { describe, expect, it } from 'vitest';
import type { ColumnMap } from '../../src/modules/reconciliation/column-map';
import {
  isKnownZone,
  readAmountCell,
  readTimeCell,
} from '../../src/modules/reconciliation/line-values';
import { readStatement } from '../../src/modules/reconciliation/statement-reader';

/**
 * Statement cells read by a gateway's column map (issue 28): amounts exact in any format the
 * map names, times in the map's zone and format, and anything else refused.
 */
const map = (change: Partial<ColumnMap>): ColumnMap => ({
  delimiter: ',',
  columns: {
    reference: 'r',
    orderId: '',
    amount: 'a',
    currency: '',
    fee: '',
    status: 's',
    time: '',
  },
  amountFormat: 'decimal',
  thousandsSeparator: '',
  decimalSeparator: '.',
  timeZone: 'UTC',
  timeFormat: 'ymd',
  statusValues: {},
  ...change,
});

describe('an amount cell', () => {
  it('reads decimals with the separators of the map', () => {
    const eu = map({ thousandsSeparator: '.', decimalSeparator: ',' });
    expect(readAmountCell('1.234,56', eu, 2)).toBe(123456n);
    expect(readAmountCell('-1.234,5', eu, 2)).toBe(-123450n);
    expect(readAmountCell('1234,56', eu, 2)).toBe(123456n);
    expect(readAmountCell('12.34', eu, 2)).toBeNull();
    expect(readAmountCell('1,234', eu, 2)).toBeNull();
    const swiss = map({ thousandsSeparator: "'" });
    expect(readAmountCell("1'000'000.25", swiss, 2)).toBe(100000025n);
    expect(readAmountCell('1 000', map({ thousandsSeparator: ' ' }), 0)).toBe(1000n);
  });

  it('reads whole minor units, and refuses text and more decimals than the currency has', () => {
    expect(readAmountCell('123456', map({ amountFormat: 'minor' }), 2)).toBe(123456n);
    expect(readAmountCell('12.5', map({ amountFormat: 'minor' }), 2)).toBeNull();
    expect(readAmountCell('1.005', map({}), 2)).toBeNull();
    expect(readAmountCell('ten', map({}), 2)).toBeNull();
    expect(readAmountCell('', map({}), 2)).toBeNull();
    expect(readAmountCell('99999999999999999999', map({}), 0)).toBeNull();
  });
});

describe('a time cell', () => {
  it('reads the map zone: an offset, UTC or an IANA zone', () => {
    const bangkok = map({ timeZone: '+07:00', timeFormat: 'dmy' });
    expect(readTimeCell('27/11/2026 08:30:00', bangkok)?.toISOString()).toBe(
      '2026-11-27T01:30:00.000Z',
    );
    expect(readTimeCell('2026-11-27T08:30', map({}))?.toISOString()).toBe(
      '2026-11-27T08:30:00.000Z',
    );
    const sydney = map({ timeZone: 'Australia/Sydney' });
    // Daylight saving in November (UTC+11), not in July (UTC+10).
    expect(readTimeCell('2026-11-27 11:00:00', sydney)?.toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    expect(readTimeCell('2026-07-01 10:00:00', sydney)?.toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });

  it('refuses days that do not exist and unknown zones', () => {
    expect(readTimeCell('31/02/2026 00:00', map({ timeFormat: 'dmy' }))).toBeNull();
    expect(readTimeCell('2026-11-27 24:00', map({}))).toBeNull();
    expect(isKnownZone('Mars/Olympus')).toBe(false);
    expect(isKnownZone('-03:30')).toBe(true);
  });
});

describe('a statement line', () => {
  it('reads the fee as a charge whatever its sign (the one place it is settled)', async () => {
    const feeMap = map({
      columns: {
        reference: 'r',
        orderId: '',
        amount: 'a',
        currency: '',
        fee: 'f',
        status: 's',
        time: '',
      },
      statusValues: { ok: 'success' },
    });
    const reading = readStatement(
      (async function* () {
        yield 'r,a,f,s\nA,10.00,-1.25,ok\nB,-10.00,1.25,ok\nC,5.00,,ok\n';
      })(),
      feeMap,
      'THB',
    );
    const lines = [];
    for await (const batch of reading.batches()) lines.push(...batch);
    expect(lines.map((l) => [l.reference, l.amount, l.fee])).toEqual([
      ['A', 1000n, 125n],
      ['B', -1000n, 125n],
      ['C', 500n, null],
    ]);
  });
});
