import { describe, expect, it } from 'vitest';
import { list as ar } from '../../i18n/locales/ar/list';
import { list as en } from '../../i18n/locales/en/list';
import { list as es } from '../../i18n/locales/es/list';
import { list as fr } from '../../i18n/locales/fr/list';
import { list as zh } from '../../i18n/locales/zh/list';
import { emptyHintKey, emptyTextOf } from './empty-text';

/** A `t` that answers the English text of a `list.` key. */
const t = ((key: string) => {
  const path = key.replace(/^list\./, '').split('.');
  return path.reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], en);
}) as unknown as Parameters<typeof emptyTextOf>[0];

describe('an empty list', () => {
  it('says nothing matches only when a filter is set', () => {
    expect(emptyTextOf(t, 'payins', true)).toEqual({ title: 'No records match these filters.' });
  });

  it('with no filter, says there is nothing yet and what makes the first row', () => {
    expect(emptyTextOf(t, 'merchants', false)).toEqual({
      title: 'Nothing here yet.',
      hint: 'Add the first merchant with New merchant.',
    });
    expect(emptyTextOf(t, 'withdrawals-pending', false).hint).toBe(
      'Requests that wait for a decision appear here.',
    );
    expect(emptyTextOf(t, 'usdt-rate-history', false).hint).toBe(
      'Rows appear here as they are recorded.',
    );
  });

  it('has every hint in all five languages', () => {
    for (const id of ['payins', 'top-ups', 'settlement-wallet', 'refunds-pending', 'x']) {
      const key = emptyHintKey(id) as keyof typeof en.firstRow;
      for (const lang of [en, ar, es, fr, zh]) expect(lang.firstRow[key], `${id}`).toBeTruthy();
    }
    for (const lang of [ar, es, fr, zh])
      expect(Object.keys(lang.firstRow)).toEqual(Object.keys(en.firstRow));
  });
});
