import type { Translation } from '../translation';

/** French `settings.*` strings. */
export const settings: Translation<'fr'>['settings'] = {
  title: 'Paramètres d’affichage',
  layout: 'Disposition',
  vertical: 'Verticale',
  horizontal: 'Horizontale',
  width: 'Largeur',
  fluid: 'Fluide',
  boxed: 'Encadrée',
  sidebar: 'Barre latérale',
  topbar: 'Barre supérieure',
  dark: 'Sombre',
  light: 'Claire',
  compact: 'Compacte',
  icon: 'Icônes',
  colored: 'Colorée',
  sidebarOnlyVertical: 'Le type de barre latérale s’applique à la disposition verticale.',
  rememberedNote: 'Enregistré dans votre compte et appliqué sur tous vos appareils.',
};
