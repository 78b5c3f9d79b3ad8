import type { Translation } from '../translation';

/** Spanish `page.*` strings. */
export const page: Translation<'es'>['page'] = {
  notBuiltTitle: 'Aún no disponible',
  notBuiltText:
    'Esta pantalla llegará en una próxima versión. Su entrada de menú y sus reglas de acceso ya están en su sitio.',
  starterText: 'Una página en blanco para empezar una pantalla nueva.',
  notFoundText: 'La página solicitada no existe o se ha movido.',
  errorTitle: 'Algo salió mal',
  errorText: 'Un error inesperado detuvo esta página. Inténtelo de nuevo o vuelva al panel.',
  chunkFailed: 'Error al cargar un módulo',
  chunkFailedText:
    'No se pudo cargar una parte de la aplicación. Compruebe su conexión y vuelva a intentarlo.',
  opening: 'Abriendo {{target}} en una pestaña nueva…',
  openManually: 'Si no se abrió nada, use este enlace:',
  setTelegram: 'Añada su contacto de Telegram en su perfil',
  noTelegram: 'Todavía no hay ningún contacto de Telegram guardado en su perfil.',
  signingOut: 'Cerrando sesión…',
  relatedScreens: 'Véase también',
  chooseAccountLead: 'Elija qué revendedor o comercio mostrar; se abrirá su informe.',
  chooseResellerLead: 'Elija un revendedor para ver sus tarifas junto a las de sus comercios.',
  pickerReseller: 'Revendedor',
  pickerMerchant: 'Comercio',
  pickerResellerOrMerchant: 'Revendedor o comercio',
  pickerPlaceholder: 'Elegir…',
  pickerLoading: 'Cargando las opciones…',
  pickerNone: 'Todavía no hay nada entre lo que elegir.',
  chartSeries: '{{name}}: {{n}} valores, de {{min}} a {{max}}.',
  chartSeriesEmpty: '{{name}}: sin valores.',
  resellerSelfLead: 'Con su propia cuenta de revendedor puede abrir:',
};
