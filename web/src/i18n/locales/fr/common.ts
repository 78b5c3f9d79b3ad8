import type { Translation } from '../translation';

/** French `common.*` strings. */
export const common: Translation<'fr'>['common'] = {
  switchFailed:
    'Non basculé : le serveur n’a pas accepté le changement. L’interrupteur est revenu à sa position.',
  loading: 'Chargement…',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  cancel: 'Annuler',
  retry: 'Réessayer',
  close: 'Fermer',
  home: 'Accueil',
  add: 'Ajouter',
  remove: 'Supprimer',
  enable: 'Activer',
  disable: 'Désactiver',
  enabled: 'Activée',
  disabled: 'Désactivée',
  required: 'Ce champ est obligatoire.',
  backToSignIn: 'Retour à la connexion',
  goHome: 'Retour au tableau de bord',
  saved: 'Vos modifications ont été enregistrées.',
};
