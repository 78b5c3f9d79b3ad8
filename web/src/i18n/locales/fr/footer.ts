import type { Translation } from '../translation';

/** French `footer.*` strings. */
export const footer: Translation<'fr'>['footer'] = {
  rights: 'Tous droits réservés.',
};
