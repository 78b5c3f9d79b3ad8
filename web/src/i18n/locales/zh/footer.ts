import type { Translation } from '../translation';

/** Chinese (Simplified) `footer.*` strings. */
export const footer: Translation<'zh'>['footer'] = {
  rights: '保留所有权利。',
};
