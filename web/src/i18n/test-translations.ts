import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next, { type TFunction } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ar } from './locales/ar';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { zh } from './locales/zh';

/** Every catalog the app ships, by language. */
export const TEST_LOCALES = { en, ar, es, fr, zh } as const;
export type TestLanguage = keyof typeof TEST_LOCALES;

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: Object.fromEntries(
    Object.entries(TEST_LOCALES).map(([lang, translation]) => [lang, { translation }]),
  ),
  interpolation: { escapeValue: false },
});

/** For unit tests: a `t` of a whole bundle, as the app's own would be. */
export const translatorOf = (lang: TestLanguage) => i18n.getFixedT(lang) as unknown as TFunction;

/** For unit tests: `node`'s markup as the app renders it in `lang`. */
export async function renderedIn(lang: TestLanguage, node: ReactNode): Promise<string> {
  await i18n.changeLanguage(lang);
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, node));
}
