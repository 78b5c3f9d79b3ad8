import type { Translation } from '../translation';

/** French strings of the team screen (/admin-team) and the 2FA set-up the team may require. */
export const team: Translation<'fr'>['team'] = {
  intro:
    'Les administrateurs du back-office : invitez-en un par e-mail (le message définit son mot de passe), choisissez ses modules, désactivez-le et voyez qui utilise l’authentification à deux facteurs.',
  invite: 'Inviter un administrateur',
  columns: {
    admin: 'Administrateur',
    modules: 'Modules',
    twoFactor: '2FA',
    status: 'Statut',
    actions: 'Actions',
  },
  you: 'vous',
  invited: 'Invitation envoyée',
  twoFactorOn: 'Activée',
  twoFactorOff: 'Désactivée',
  status: { active: 'Actif', disabled: 'Désactivé' },
  editModules: 'Modules',
  deactivate: 'Désactiver',
  activate: 'Activer',
  rule: {
    title: 'Authentification à deux facteurs pour toute l’équipe',
    text: 'Activée, un administrateur sans 2FA la configure à sa prochaine connexion avant d’entrer.',
    required: 'Exigée de chaque administrateur',
    confirmOn:
      'Exiger l’authentification à deux facteurs de chaque administrateur ? Ceux qui ne l’ont pas la configureront à leur prochaine connexion.',
    confirmOff: 'Ne plus exiger l’authentification à deux facteurs de chaque administrateur ?',
    offWaiting:
      'La fin de cette règle attend l’approbation d’un second administrateur (voir plus bas).',
    switch: 'Modifier',
    withoutCount_one: '{{count}} administrateur actif n’a pas encore la 2FA.',
    withoutCount_many: '{{count}} administrateurs actifs n’ont pas encore la 2FA.',
    withoutCount_other: '{{count}} administrateurs actifs n’ont pas encore la 2FA.',
  },
  guarded: {
    activateTitle: 'Réactiver {{name}}',
    activateText:
      'Cette personne pourrait de nouveau se connecter avec son mot de passe. Cela attend qu’un autre administrateur l’approuve dans la file des approbations.',
    ruleOffText:
      'Les administrateurs sans 2FA pourraient alors se connecter avec un simple mot de passe. Cela attend qu’un autre administrateur l’approuve dans la file des approbations.',
    reasonHint: 'Un autre administrateur le lit avant d’approuver.',
    ask: 'Demander à un second administrateur',
  },
  form: {
    inviteTitle: 'Inviter un administrateur',
    modulesTitle: 'Modules de {{name}}',
    email: 'E-mail',
    emailHint:
      'L’invitation arrive ici ; son lien définit le mot de passe et fonctionne pendant 3 jours.',
    username: 'Nom d’utilisateur',
    name: 'Nom',
    modules: 'Modules',
    needsModule: 'Choisissez au moins un module.',
    reason: 'Motif pour le second administrateur',
    reasonHint:
      'Inviter un administrateur ou lui donner un module attend qu’un autre administrateur l’approuve dans la file d’approbation ; il lit ce motif.',
    reasonNeeded: 'Dites pourquoi : un autre administrateur le lit avant d’approuver.',
    send: 'Envoyer l’invitation',
    save: 'Enregistrer les modules',
    ownAdministrator: 'Vous ne pouvez pas retirer votre propre module administrator.',
  },
  confirm: {
    deactivate:
      'Désactiver {{name}} ? Ses sessions se ferment aussitôt et il ne peut plus se connecter avant d’être réactivé.',
  },
  done: {
    inviteWaiting: 'L’invitation de {{email}} attend l’approbation d’un second administrateur.',
    modules: 'Modules de {{name}} enregistrés.',
    modulesWaiting:
      'Les nouveaux modules de {{name}} attendent l’approbation d’un second administrateur.',
    deactivated: '{{name}} désactivé ; ses sessions sont fermées.',
    activateWaiting: 'La réactivation de {{name}} attend l’approbation d’un second administrateur.',
    ruleOffWaiting: 'La fin de la règle 2FA attend l’approbation d’un second administrateur.',
    ruleOn: 'L’authentification à deux facteurs est désormais exigée de chaque administrateur.',
  },
  pending: {
    title: 'En attente d’un second administrateur',
    requestedBy: 'demandé par {{name}}',
  },
  empty: 'Aucun administrateur pour l’instant.',
  setup: {
    title: 'Configurez l’authentification à deux facteurs',
    text: 'Votre équipe exige l’authentification à deux facteurs. Configurez-la pour terminer la connexion.',
    start: 'Afficher le code QR',
    scan: 'Scannez le code QR avec une application d’authentification, ou saisissez-y la clé, puis entrez le code à 6 chiffres qu’elle affiche.',
    secret: 'Clé',
    code: 'Code de l’application',
    confirm: 'Activer et se connecter',
    codesTitle: 'Vos codes de récupération',
    codesText:
      'Gardez-les en lieu sûr : chacun vous connecte une fois si vous perdez votre téléphone. Ils ne sont affichés que maintenant.',
    continue: 'Continuer',
  },
};
