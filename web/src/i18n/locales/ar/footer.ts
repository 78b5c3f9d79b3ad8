import type { Translation } from '../translation';

/** Arabic `footer.*` strings. */
export const footer: Translation<'ar'>['footer'] = {
  rights: 'جميع الحقوق محفوظة.',
};
