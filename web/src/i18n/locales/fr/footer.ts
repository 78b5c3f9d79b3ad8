import type { Translation } from '../../translation';

/** French `footer.*` strings. */
export const footer: Translation['footer'] = {
  rights: 'Tous droits réservés.',
};
