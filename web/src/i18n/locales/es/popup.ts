import type { Translation } from '../translation';

/** Spanish `popup.*` strings. */
export const popup: Translation<'es'>['popup'] = {
  oopsTitle: '¡Vaya!...',
  done: 'Listo',
  twoFactorTitle: 'Autenticación de dos factores',
  twoFactorText:
    'Aumente la seguridad de su cuenta activando la autenticación de dos factores (2FA).',
  enable: 'Activar',
};
