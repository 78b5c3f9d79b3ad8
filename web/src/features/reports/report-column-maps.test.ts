import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { REPORT_COLUMN_SETTINGS, REPORT_IDS } from '@bo/contract';
import { TEST_LOCALES, translatorOf, type TestLanguage } from '../../i18n/test-translations';
import { REPORT_COLUMN_MAPS, columnLabels } from './report-column-maps';

const t = ((key: string) => key) as unknown as TFunction;

describe('the report settings table and the report screens', () => {
  it.each(REPORT_IDS)('%s: every optional column is a column of its screen', (report) => {
    const ids = REPORT_COLUMN_MAPS[report](t).map((c) => c.id);
    const optional: readonly string[] = REPORT_COLUMN_SETTINGS[report].optional;
    expect(optional.filter((id) => !ids.includes(id))).toEqual([]);
    // A screen keeps what identifies its rows: at least one column is never optional.
    expect(ids.filter((id) => !optional.includes(id ?? '')).length).toBeGreaterThan(0);
  });

  it.each(Object.keys(TEST_LOCALES) as TestLanguage[])(
    '%s has the header of every column of every report',
    (lang) => {
      const translated = translatorOf(lang);
      for (const report of REPORT_IDS) {
        const unnamed = [...columnLabels(report, translated)].filter(([, label]) =>
          /^[a-zA-Z]+\.columns\./.test(label),
        );
        expect([report, unnamed]).toEqual([report, []]);
      }
    },
  );

  it('names each column by its screen header', () => {
    expect(columnLabels('dailyTransactionsReport', t).get('payin_failed_count')).toBe(
      'reportProfit.columns.payinFailed',
    );
    expect(columnLabels('resellerEarningStatement', t).get('owner_db_code')).toBe(
      'reportLedgers.columns.owner',
    );
    // A merchant's own ledger names its account once, in its header: no account column.
    expect(columnLabels('contractAccLedger', t).has('owner_db_code')).toBe(false);
  });
});
