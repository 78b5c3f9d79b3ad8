import type { Translation } from '../translation';

/** Spanish `footer.*` strings. */
export const footer: Translation<'es'>['footer'] = {
  rights: 'Todos los derechos reservados.',
};
