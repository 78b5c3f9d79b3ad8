import { describe, expect, it } from 'vitest';
import { ar } from './locales/ar';
import { translatorOf } from './test-translations';

/** What Arabic says for each count, as the app's own i18next instance would. */
describe('Arabic plural forms', () => {
  const t = translatorOf('ar');

  it.each([
    [0, '0 أيام'],
    [1, 'يوم واحد'],
    [2, 'يومين'],
    [3, '3 أيام'],
    [11, '11 يومًا'],
    [100, '100 يوم'],
  ])('says %i days in its own form', (count, text) => {
    expect(t('money.days', { count })).toBe(text);
  });

  it.each([
    [0, '(لا عناصر)'],
    [1, '(عنصر واحد)'],
    [2, '(عنصران)'],
    [3, '(3 عناصر)'],
    [11, '(11 عنصرًا)'],
    [100, '(100 عنصر)'],
  ])('counts %i items in its own form', (count, text) => {
    expect(t('money.itemCount', { count })).toBe(text);
  });

  it.each([
    [0, '0 ساعات'],
    [1, 'ساعة واحدة'],
    [2, 'ساعتين'],
    [3, '3 ساعات'],
    [11, '11 ساعةً'],
    [100, '100 ساعة'],
  ])('says %i hours in its own form', (count, text) => {
    expect(t('money.hours', { count })).toBe(text);
  });

  it.each([
    [0, 'عناصر'],
    [2, 'عنصران'],
    [3, 'عناصر'],
    [11, 'عنصرًا'],
    [100, 'عنصر'],
  ])('names the %i items of a list total in its own form', (count, text) => {
    expect(t('list.totals.items', { count })).toBe(text);
  });

  /** Every key of the Arabic bundle, flat (`list.totals.items_one`). */
  const flat = (tree: object, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value] as [string, string]]
        : flat(value as object, `${prefix}${key}.`),
    );
  const texts = new Map(flat(ar));
  const plurals = [...texts.keys()].flatMap((key) => /^(.*)_other$/.exec(key)?.[1] ?? []);

  it.each(plurals)('writes all six forms of %s, none a copy of its count-bearing other', (key) => {
    const other = texts.get(`${key}_other`)!;
    for (const form of ['zero', 'one', 'two', 'few', 'many']) {
      const text = texts.get(`${key}_${form}`);
      expect(text, `${key}_${form}`).toBeDefined();
      // A noun shown after a figure of its own (no {{count}}) is rightly the same in some forms
      // (1 عنصر, 100 عنصر); a text that writes the count never is.
      if (other.includes('{{count}}')) expect(text, `${key}_${form}`).not.toBe(other);
    }
  });
});
