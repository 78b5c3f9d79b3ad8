import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { withPluralForms } from './plural-forms';

describe('plural forms', () => {
  it("fills Arabic's extra forms from its own _other text, keeping what is written", () => {
    const bundle = withPluralForms(
      { list: { items_one: 'عنصر واحد', items_other: '{{count}} عناصر', items_two: 'عنصران' } },
      'ar',
    );
    expect(bundle.list).toMatchObject({
      items_zero: '{{count}} عناصر',
      items_two: 'عنصران',
      items_few: '{{count}} عناصر',
      items_many: '{{count}} عناصر',
    });
  });

  it('makes i18next answer in Arabic for every count, never in English', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'ar',
      fallbackLng: 'en',
      resources: {
        en: { translation: { items_one: 'one item', items_other: '{{count}} items' } },
        ar: {
          translation: withPluralForms(
            { items_one: 'عنصر واحد', items_other: '{{count}} عناصر' },
            'ar',
          ),
        },
      },
    });
    // This instance has its own keys, not the app's typed ones.
    const t = i18n.t as unknown as (key: string, options: { count: number }) => string;
    for (const count of [0, 1, 2, 3, 11, 100, 1_000_000])
      expect(t('items', { count })).not.toMatch(/items/);
  });

  it('adds nothing where the language has only one and other', () => {
    expect(withPluralForms({ a_one: 'x', a_other: 'y' }, 'fr')).toEqual({
      a_one: 'x',
      a_other: 'y',
      a_many: 'y',
    });
    expect(withPluralForms({ a_one: 'x', a_other: 'y' }, 'zh')).toEqual({
      a_one: 'x',
      a_other: 'y',
    });
  });
});
