import type { Translation } from '../../translation';

/** Spanish `topbar.*` strings. */
export const topbar: Translation['topbar'] = {
  openMenu: 'Abrir menú',
  utcClock: 'Hora actual (UTC)',
  announcements: 'Anuncios',
  fullScreen: 'Pantalla completa',
  layoutSettings: 'Ajustes de diseño',
  language: 'Idioma',
  profile: 'Perfil',
  security: 'Seguridad',
  logout: 'Cerrar sesión',
  subAccount: 'Subcuenta',
};
