import type { Translation } from '../translation';

/** Spanish `settings.*` strings. */
export const settings: Translation<'es'>['settings'] = {
  title: 'Ajustes de diseño',
  layout: 'Diseño',
  vertical: 'Vertical',
  horizontal: 'Horizontal',
  width: 'Ancho',
  fluid: 'Fluido',
  boxed: 'Encuadrado',
  sidebar: 'Barra lateral',
  topbar: 'Barra superior',
  dark: 'Oscura',
  light: 'Clara',
  compact: 'Compacta',
  icon: 'Iconos',
  colored: 'De color',
  sidebarOnlyVertical: 'El tipo de barra lateral se aplica al diseño vertical.',
  rememberedNote: 'Se guarda en su cuenta y se aplica en todos sus dispositivos.',
};
