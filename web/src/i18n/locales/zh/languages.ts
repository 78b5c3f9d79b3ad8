import type { Translation } from '../translation';

/** Chinese (Simplified) `languages.*` strings. */
export const languages: Translation<'zh'>['languages'] = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  zh: '中文',
  ar: 'العربية',
};
