import type { Translation } from '../../translation';

/** Spanish `profile.*` strings. */
export const profile: Translation['profile'] = {
  details: 'Datos personales',
  email: 'Correo electrónico',
  username: 'Nombre de usuario',
  accountType: 'Tipo de cuenta',
  name: 'Nombre',
  phone: 'Teléfono',
  telegram: 'Telegram',
  telegramHint: 'Su usuario de Telegram, p. ej. @sunombre',
  language: 'Idioma',
  timezone: 'Zona horaria',
  timezones: {
    Default: 'Predeterminada (UTC)',
    Malaysia: 'Malasia (UTC+8)',
    India: 'India (UTC+5:30)',
    Vietnam: 'Vietnam (UTC+7)',
    Thailand: 'Tailandia (UTC+7)',
    Brazil: 'Brasil (UTC−3)',
    Australia: 'Australia (UTC+10)',
  },
  memberSince: 'Miembro desde',
};
