import type { Translation } from '../translation';

/** French `languages.*` strings. */
export const languages: Translation<'fr'>['languages'] = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  zh: '中文',
  ar: 'العربية',
};
