import type { Translation } from '../../translation';

/** Spanish `common.*` strings. */
export const common: Translation<'es'>['common'] = {
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
