import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@bo/contract';
import { enEager } from './locales/en/eager';
import type { Translation } from './locales/translation';
import { applyDocumentDirection } from './direction';

/**
 * English ships with the app (the namespaces of some screens load with them:
 * screen-namespaces.ts); the other languages load whole when chosen.
 */
const LOADERS: { [L in Exclude<Language, 'en'>]: () => Promise<Translation<L>> } = {
  fr: () => import('./locales/fr').then((m) => m.fr),
  es: () => import('./locales/es').then((m) => m.es),
  zh: () => import('./locales/zh').then((m) => m.zh),
  ar: () => import('./locales/ar').then((m) => m.ar),
};

export const i18n = i18next;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await LOADERS[lang]());
}

/** Starts i18next in `lang` (English until the bundle has loaded). */
export async function initI18n(lang: Language): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: enEager } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(lang);
}

/** Switches language, loading it if needed, and sets the document's direction (ar is RTL). */
export async function changeLanguage(lang: Language): Promise<void> {
  try {
    await ensureLoaded(lang);
  } catch {
    lang = 'en';
  }
  await Promise.all([i18n.changeLanguage(lang), applyDocumentDirection(lang)]);
}

/** The language the app is showing now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
