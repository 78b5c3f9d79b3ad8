import type { Translation } from '../../translation';

/** French `profile.*` strings. */
export const profile: Translation['profile'] = {
  details: 'Informations personnelles',
  email: 'E-mail',
  username: 'Nom d’utilisateur',
  accountType: 'Type de compte',
  name: 'Nom',
  phone: 'Téléphone',
  telegram: 'Telegram',
  telegramHint: 'Votre nom d’utilisateur Telegram, par ex. @votrenom',
  language: 'Langue',
  timezone: 'Fuseau horaire',
  timezones: {
    Default: 'Par défaut (UTC)',
    Malaysia: 'Malaisie (UTC+8)',
    India: 'Inde (UTC+5:30)',
    Vietnam: 'Viêt Nam (UTC+7)',
    Thailand: 'Thaïlande (UTC+7)',
    Brazil: 'Brésil (UTC−3)',
    Australia: 'Australie (UTC+10)',
  },
  memberSince: 'Membre depuis',
};
