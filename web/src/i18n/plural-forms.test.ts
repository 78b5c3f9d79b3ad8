import { describe, expect, it } from 'vitest';
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
});
