import type { Translation } from '../translation';

/** Spanish `common.*` strings. */
export const common: Translation<'es'>['common'] = {
  switchFailed:
    'Sin cambios: el servidor no aceptó el cambio. El interruptor vuelve a su posición anterior.',
  loading: 'Cargando…',
  save: 'Guardar',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  retry: 'Reintentar',
  close: 'Cerrar',
  home: 'Inicio',
  add: 'Añadir',
  remove: 'Eliminar',
  enable: 'Activar',
  disable: 'Desactivar',
  enabled: 'Activada',
  disabled: 'Desactivada',
  required: 'Este campo es obligatorio.',
  backToSignIn: 'Volver al inicio de sesión',
  goHome: 'Volver al panel',
  saved: 'Se guardaron los cambios.',
};
