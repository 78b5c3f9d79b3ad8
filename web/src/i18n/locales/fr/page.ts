import type { Translation } from '../translation';

/** French `page.*` strings. */
export const page: Translation<'fr'>['page'] = {
  notBuiltTitle: 'Pas encore disponible',
  notBuiltText:
    'Cet écran fera partie d’une prochaine version. Son entrée de menu et ses règles d’accès sont déjà en place.',
  starterText: 'Une page vierge pour démarrer un nouvel écran.',
  notFoundText: 'La page demandée n’existe pas ou a été déplacée.',
  errorTitle: 'Une erreur est survenue',
  errorText:
    'Une erreur inattendue a interrompu cette page. Réessayez ou revenez au tableau de bord.',
  chunkFailed: 'Échec du chargement d’un module',
  chunkFailedText:
    'Une partie de l’application n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
  opening: 'Ouverture de {{target}} dans un nouvel onglet…',
  openManually: 'Si rien ne s’est ouvert, utilisez ce lien :',
  setTelegram: 'Ajoutez votre contact Telegram dans votre profil',
  noTelegram: 'Aucun contact Telegram n’est encore enregistré dans votre profil.',
  signingOut: 'Déconnexion…',
  relatedScreens: 'Voir aussi',
  chooseAccountLead: 'Choisissez le revendeur ou le marchand à afficher ; son rapport s’ouvre.',
  chooseResellerLead:
    'Choisissez un revendeur pour voir ses tarifs à côté de ceux de ses marchands.',
  pickerReseller: 'Revendeur',
  pickerMerchant: 'Marchand',
  pickerResellerOrMerchant: 'Revendeur ou marchand',
  pickerPlaceholder: 'Choisir…',
  pickerLoading: 'Chargement des choix…',
  pickerNone: 'Il n’y a encore rien à choisir.',
  chartSeries: '{{name}} : {{n}} valeurs, de {{min}} à {{max}}.',
  chartSeriesEmpty: '{{name}} : aucune valeur.',
  resellerSelfLead: 'Avec votre propre compte revendeur, vous pouvez ouvrir :',
};
