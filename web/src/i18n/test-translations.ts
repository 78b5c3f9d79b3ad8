import i18next, { type TFunction } from 'i18next';
import { ar } from './locales/ar';
import { en } from './locales/en';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { translation: en }, ar: { translation: ar } },
  interpolation: { escapeValue: false },
});

/** For unit tests: a `t` of the whole English or Arabic bundle, as the app's own would be. */
export const translatorOf = (lang: 'en' | 'ar') => i18n.getFixedT(lang) as unknown as TFunction;
