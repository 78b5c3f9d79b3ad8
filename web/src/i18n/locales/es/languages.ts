import type { Translation } from '../translation';

/** Spanish `languages.*` strings. */
export const languages: Translation<'es'>['languages'] = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  zh: '中文',
  ar: 'العربية',
};
