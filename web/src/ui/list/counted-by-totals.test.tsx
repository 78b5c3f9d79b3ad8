import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { LIST_COUNT_CAP } from '@bo/contract';
import { en } from '../../i18n/locales/en';
import { countedByTotals } from './counted-by-totals';
import { Pager } from './pager';
import { StatusTabs } from './status-tabs';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
});

const html = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

/** The counts the tabs say, in order ("All" first). */
const tabCounts = (markup: string) =>
  [...markup.matchAll(/data-testid="list-status-count" data-capped="(\w+)">([^<]*)</g)].map(
    (m) => `${m[2]}${m[1] === 'true' ? ' (capped)' : ''}`,
  );

const totals = (counts: number[]) =>
  counts.map((count, i) => ({
    currency: ['THB', 'MYR', 'VND'][i]!,
    count,
    amount: '1.00',
    fee: '0.00',
    net_amount: '1.00',
    fee_split: null,
  }));

describe('the count of the rows shown, as the totals counted them', () => {
  it('is the totals’ count over every currency; none when they were capped or not read', () => {
    expect(countedByTotals({ capped: false, totals: totals([60_000, 30_000, 9_006]) })).toBe(
      99_006,
    );
    expect(countedByTotals({ capped: false, totals: [] })).toBe(0);
    expect(countedByTotals({ capped: true, totals: [] })).toBeNull();
    expect(countedByTotals(undefined)).toBeNull();
  });

  const counts = { pending: 40, success: LIST_COUNT_CAP, failed: 0 };
  const tabs = (current: string | undefined, currentCounted: number | null) =>
    tabCounts(
      html(
        <StatusTabs
          statuses={['pending', 'success', 'failed']}
          counts={counts}
          current={current}
          onChange={() => undefined}
          currentCounted={currentCounted}
        />,
      ),
    );

  it('is what the shown tab says, exactly, beside the other tabs’ capped counts', () => {
    expect(tabs(undefined, null)).toEqual([
      'at least 10,040 (capped)',
      '40',
      'at least 10,000 (capped)',
      '0',
    ]);
    expect(tabs(undefined, 99_006)).toEqual(['99,006', '40', 'at least 10,000 (capped)', '0']);
    expect(tabs('success', 98_966)).toEqual(['at least 10,040 (capped)', '40', '98,966', '0']);
  });

  it('is the pager’s total, while its last page stays where the server counts', () => {
    const pager = (counted: number | null) =>
      html(
        <Pager
          page={1}
          pageSize={25}
          total={LIST_COUNT_CAP}
          rowsOnPage={25}
          capped
          counted={counted}
          onPage={() => undefined}
          onPageSize={() => undefined}
        />,
      );
    expect(pager(null)).toContain('1–25 of at least 10,000');
    expect(pager(99_006)).toContain('1–25 of 99,006');
  });
});
