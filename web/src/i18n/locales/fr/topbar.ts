import type { Translation } from '../../translation';

/** French `topbar.*` strings. */
export const topbar: Translation['topbar'] = {
  openMenu: 'Ouvrir le menu',
  utcClock: 'Heure actuelle (UTC)',
  announcements: 'Annonces',
  fullScreen: 'Plein écran',
  layoutSettings: 'Paramètres d’affichage',
  language: 'Langue',
  profile: 'Profil',
  security: 'Sécurité',
  logout: 'Déconnexion',
  subAccount: 'Sous-compte',
};
