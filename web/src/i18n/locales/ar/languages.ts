import type { Translation } from '../translation';

/** Arabic `languages.*` strings. */
export const languages: Translation<'ar'>['languages'] = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  zh: '中文',
  ar: 'العربية',
};
