import { describe, expect, it } from 'vitest';
import type { ReportSettings } from '@bo/contract';
import { reportDefaultsOf } from './report-defaults';

const settings: ReportSettings = {
  default_time_zone: 'India',
  reports: [
    {
      report: 'dailyTransactionsReport',
      columns: [
        { id: 'payin_count', shown: true },
        { id: 'payin_failed_count', shown: false },
      ],
    },
    { report: 'contractAccLedger', columns: [{ id: 'ref_id', shown: false }] },
  ],
};

describe('a report’s defaults', () => {
  it('are its hidden optional columns and the default zone, found by its call', () => {
    expect(reportDefaultsOf(settings, 'getDailyTransactionsReport')).toEqual({
      timeZone: 'India',
      hiddenColumns: ['payin_failed_count'],
    });
    expect(reportDefaultsOf(settings, 'getContractLedger').hiddenColumns).toEqual(['ref_id']);
  });

  it('are the zone alone for a report the settings do not configure, and nothing before the answer', () => {
    expect(reportDefaultsOf(settings, 'getEarningsReport')).toEqual({
      timeZone: 'India',
      hiddenColumns: [],
    });
    expect(reportDefaultsOf(undefined, 'getDailyTransactionsReport')).toEqual({
      timeZone: 'Default',
      hiddenColumns: [],
    });
  });
});
