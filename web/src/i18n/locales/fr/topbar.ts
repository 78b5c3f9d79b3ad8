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
  demoSeeding:
    'Le monde de démonstration est encore en cours de création : les chiffres se complètent à mesure que son historique est écrit.',
  demoSeedingDay:
    'Le monde de démonstration est encore en cours de création (jour {{day}} sur {{days}}) : les chiffres se complètent à mesure que son historique est écrit.',
};
