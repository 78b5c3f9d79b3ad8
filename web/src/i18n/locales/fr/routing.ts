import type { Translation } from '../translation';

/** French strings of the gateway routing profiles screen (/payment-gateway/routing, issue 43). */
export const routing: Translation<'fr'>['routing'] = {
  intro:
    'Un profil de routage choisit la passerelle de chaque encaissement ou décaissement de son sens et de sa devise. Le profil actif le plus précis route un paiement : celui du marchand, sinon celui de son revendeur, sinon celui de la plateforme. Chaque modification attend un second administrateur.',
  newProfile: 'Nouveau profil',
  newVersion: 'Nouvelle version',
  newVersionOf: 'Nouvelle version de {{place}}',
  filters: {
    direction: 'Sens',
    currency: 'Devise',
    anyDirection: 'Tous les sens',
    anyCurrency: 'Toutes les devises',
  },
  directions: { payin: 'Encaissement', payout: 'Décaissement' },
  scopes: { platform: 'Plateforme', reseller: 'Revendeur', merchant: 'Marchand' },
  columns: {
    direction: 'Sens',
    currency: 'Devise',
    scope: 'Portée',
    version: 'Version',
    state: 'État',
    steps: 'Étapes',
    updatedAt: 'Mis à jour',
    actions: 'Actions',
  },
  state: { active: 'Actif', off: 'Désactivé', waiting: 'Modification en attente' },
  empty:
    'Aucun profil de routage pour l’instant : chaque paiement est réparti de façon stable entre les passerelles actives de sa devise.',
  emptyFiltered: 'Aucun profil de routage ne correspond à ces filtres.',
  summary: {
    rules: 'Règles ({{rules}})',
    split: 'Répartition {{parts}}',
    splitPart: '{{gateway}} {{percent}}\u00a0%',
    successRate:
      'Meilleur taux de réussite sur {{window}}\u00a0min, exploration {{explore}}\u00a0%',
    unreadable: 'La définition est illisible',
  },
  pending: {
    title: 'Modifications de profils de routage en attente d’un second administrateur',
    asked: 'demandée par {{name}} le {{at}}',
  },
  editor: {
    titleNew: 'Nouveau profil de routage',
    direction: 'Sens',
    currency: 'Devise',
    scope: 'Portée',
    accountCode: 'Code du compte',
    accountCodeHint: 'Le code du revendeur ou du marchand, par exemple MER00001.',
    definition: 'Définition (JSON)',
    definitionHint:
      'Les étapes dans l’ordre, chacune rules, split ou successRate ; chaque passerelle doit être une passerelle active de la devise.',
    problems: 'La définition a ces problèmes :',
    active: 'Route les paiements (désactivé : le profil moins précis suivant route)',
    reason: 'Motif',
    reasonHint: 'Le second administrateur le lit avant d’approuver.',
    reasonNeeded: 'Indiquez le motif que lira le second administrateur',
    accountNeeded: 'Indiquez le code du revendeur ou du marchand',
    send: 'Demander l’approbation',
    confirm:
      'Demander à un second administrateur de mettre en vigueur ce profil de routage pour {{place}} ?',
    done: 'Le profil de routage pour {{place}} attend l’approbation d’un second administrateur dans la file des approbations.',
  },
  simulation: {
    run: 'Simuler sur les {{days}} derniers jours',
    none: {
      payin: 'Aucun encaissement des {{days}} derniers jours n’aurait été routé par ce profil.',
      payout: 'Aucun versement des {{days}} derniers jours n’aurait été routé par ce profil.',
    },
    summary: {
      payin:
        'Sur les {{days}} derniers jours, ce profil aurait routé {{payments}} encaissements ; {{moved}} seraient allés vers une autre passerelle.',
      payout:
        'Sur les {{days}} derniers jours, ce profil aurait routé {{payments}} versements ; {{moved}} seraient allés vers une autre passerelle. Les dépôts ne sont pas rejoués : un versement va où le profil le choisit, quel que fût alors le dépôt de la passerelle.',
    },
    totals:
      'Réussite : {{actualSuccess}} alors, {{expectedSuccess}} attendue. Coût des passerelles : {{actualCost}} alors, {{simulatedCost}} avec ce profil ({{currency}}).',
    caption: '{{days}} derniers jours : ce qui s’est passé et ce que ce profil aurait fait',
    gateway: 'Passerelle',
    actualShare: 'Part alors',
    simulatedShare: 'Part avec le profil',
    actualSuccess: 'Réussite alors',
    expectedSuccess: 'Réussite attendue',
    actualCost: 'Coût alors',
    simulatedCost: 'Coût avec le profil',
  },
};
