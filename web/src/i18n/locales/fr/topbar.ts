import type { Translation } from '../translation';

/** French `topbar.*` strings. */
export const topbar: Translation<'fr'>['topbar'] = {
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
  search: {
    label: 'Rechercher',
    placeholder: 'Rechercher des ids, ids de commande, comptes…',
    hint: 'Saisissez le début d’un id, d’un id de commande ou d’une référence de passerelle (au moins {{min}} caractères), ou du code, du nom ou de l’e-mail d’un compte. Appuyez sur / pour venir ici depuis n’importe où.',
    results: 'Résultats de la recherche',
    tooShort: 'Saisissez au moins {{min}} caractères.',
    searching: 'Recherche…',
    none: 'Rien trouvé pour « {{text}} ».',
    failed: 'La recherche a échoué. Réessayez.',
    found: 'Résultats : {{count}}. Choisissez-en un avec les flèches et ouvrez-le avec Entrée.',
    reconLines: 'Lignes de rapprochement',
    reconLine: 'Ligne {{line}} · {{gateway}}',
    accounts: { merchant: 'Marchands', reseller: 'Revendeurs', sub_account: 'Sous-comptes' },
    matched: {
      id: 'Id',
      order_id: 'Id de commande',
      gateway_reference: 'Référence de passerelle',
      code: 'Code',
      name: 'Nom',
      email: 'E-mail',
    },
  },
};
