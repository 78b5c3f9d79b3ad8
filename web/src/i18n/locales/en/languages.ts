/** English `languages.*` strings. */
export const languages = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  zh: '中文',
  ar: 'العربية',
};
