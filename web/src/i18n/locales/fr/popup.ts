import type { Translation } from '../translation';

/** French `popup.*` strings. */
export const popup: Translation<'fr'>['popup'] = {
  oopsTitle: 'Oups...',
  done: 'Terminé',
  twoFactorTitle: 'Authentification à deux facteurs',
  twoFactorText:
    'Renforcez la sécurité de votre compte en activant l’authentification à deux facteurs (2FA).',
  enable: 'Activer',
};
