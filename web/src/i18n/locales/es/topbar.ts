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
  demoSeeding:
    'El mundo de demostración aún se está creando: las cifras se completan a medida que se escribe su historial.',
  demoSeedingDay:
    'El mundo de demostración aún se está creando (día {{day}} de {{days}}): las cifras se completan a medida que se escribe su historial.',
};
