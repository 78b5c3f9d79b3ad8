import type { Translation } from '../translation';

/** Spanish `topbar.*` strings. */
export const topbar: Translation<'es'>['topbar'] = {
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
  search: {
    label: 'Buscar',
    placeholder: 'Buscar ids, ids de pedido, cuentas…',
    hint: 'Escriba el comienzo de un id, un id de pedido o una referencia de la pasarela (al menos {{min}} caracteres), o del código, nombre o correo de una cuenta. Pulse / para venir aquí desde cualquier sitio.',
    results: 'Resultados de la búsqueda',
    tooShort: 'Escriba al menos {{min}} caracteres.',
    searching: 'Buscando…',
    none: 'No se encontró nada para «{{text}}».',
    failed: 'La búsqueda falló. Inténtelo de nuevo.',
    found: 'Resultados: {{count}}. Use las flechas para elegir uno e Intro para abrirlo.',
    reconLines: 'Líneas de conciliación',
    reconLine: 'Línea {{line}} · {{gateway}}',
    accounts: { merchant: 'Comercios', reseller: 'Revendedores', sub_account: 'Subcuentas' },
    matched: {
      id: 'Id',
      order_id: 'Id de pedido',
      gateway_reference: 'Referencia de la pasarela',
      code: 'Código',
      name: 'Nombre',
      email: 'Correo',
    },
  },
};
