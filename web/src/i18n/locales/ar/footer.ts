import type { Translation } from '../../translation';

/** Arabic `footer.*` strings. */
export const footer: Translation['footer'] = {
  rights: 'جميع الحقوق محفوظة.',
};
