import type { Translation } from '../translation';

/** French strings of the sub-accounts (/sub-accounts). */
export const subAccounts: Translation<'fr'>['subAccounts'] = {
  intro:
    'Un sous-compte se connecte avec ses propres identifiants et agit pour votre compte avec les modules que vous lui donnez.',
  create: 'Nouveau sous-compte',
  column: {
    code: 'Code',
    name: 'Nom',
    username: 'Identifiant',
    email: 'E-mail',
    modules: 'Modules',
    status: 'Statut',
    mustChangePassword: 'Mot de passe',
    otp: 'A2F',
    createdAt: 'Créé le',
    lastSignIn: 'Dernière connexion',
    actions: 'Actions',
  },
  status: { active: 'Actif', disabled: 'Désactivé' },
  statusFilter: 'Statut',
  allStatuses: 'Tous les statuts',
  mustChangePassword: 'Provisoire',
  ownPassword: 'Personnel',
  otpOn: 'Activée',
  otpOff: 'Désactivée',
  neverSignedIn: 'Jamais',
  modules: {
    payin: 'Encaissement',
    payout: 'Décaissement',
    settlements: 'Règlement',
    withdrawal: 'Retrait',
    top_up: 'Recharge',
    account_management: 'Gestion des comptes',
    my_contracts: 'Mes contrats',
    reports: 'Rapports',
    technical: 'Technique',
    sub_accounts: 'Sous-comptes',
    administrator: 'Administrateur',
  },
  action: {
    editModules: 'Modifier les modules',
    disable: 'Désactiver',
    enable: 'Activer',
    resetPassword: 'Réinitialiser le mot de passe',
  },
  form: {
    createTitle: 'Nouveau sous-compte',
    modulesTitle: 'Modules de {{username}}',
    resetTitle: 'Réinitialiser le mot de passe de {{username}}',
    name: 'Nom',
    email: 'E-mail',
    username: 'Identifiant',
    modules: 'Modules',
    modulesHint: 'Seuls les modules de votre propre compte peuvent être donnés.',
    temporaryPassword: 'Mot de passe provisoire',
    passwordHint:
      'Au moins {{min}} caractères avec une minuscule, une majuscule, un chiffre et un symbole. Le sous-compte devra choisir son propre mot de passe à sa première connexion.',
    save: 'Continuer',
    required: 'Ce champ est obligatoire.',
    emailInvalid: 'Saisissez une adresse e-mail comme nom@exemple.com.',
    usernameInvalid:
      'De 3 à 40 caractères : lettres, chiffres, point, tiret et tiret bas uniquement.',
    modulesRequired: 'Choisissez au moins un module.',
    passwordWeak: 'Le mot de passe ne respecte pas la règle ci-dessous.',
  },
  confirm: {
    create: 'Créer le sous-compte {{username}} avec ces modules : {{modules}} ?',
    createButton: 'Créer',
    modules:
      'Donner à {{username}} ces modules : {{modules}} ? Le changement s’applique dès sa prochaine requête.',
    modulesButton: 'Enregistrer les modules',
    disable:
      'Désactiver {{username}} ? Il est déconnecté immédiatement et ne peut plus se connecter tant que vous ne le réactivez pas.',
    enable: 'Activer {{username}} ? Il pourra de nouveau se connecter.',
    reset:
      'Réinitialiser le mot de passe de {{username}} ? Il est déconnecté immédiatement et devra choisir un nouveau mot de passe à sa prochaine connexion.',
    resetButton: 'Réinitialiser',
  },
  done: {
    created: 'Le sous-compte {{username}} a été créé.',
    modules: 'Les modules de {{username}} ont été enregistrés.',
    disabled: '{{username}} a été désactivé et déconnecté.',
    enabled: '{{username}} a été activé.',
    reset: 'Le mot de passe de {{username}} a été réinitialisé.',
  },
};
