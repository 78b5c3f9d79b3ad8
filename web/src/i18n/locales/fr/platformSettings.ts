import type { Translation } from '../translation';

/** French strings of general settings (/general-settings). */
export const platformSettings: Translation<'fr'>['platformSettings'] = {
  intro:
    'Paramètres de la plateforme lus par tout le produit. Chaque modification est confirmée puis inscrite au journal d’administration ; elle s’applique aussitôt, sauf celle qui assouplit une protection, qui attend un second administrateur (indiqué sur sa carte).',
  save: 'Enregistrer',
  undo: 'Annuler les modifications',
  saved: 'Paramètres enregistrés',
  defaultIs: 'Par défaut : {{value}}',
  defaultWithUnit: 'Par défaut : {{value}} {{unit}}',
  change: '{{setting}} : {{from}} → {{to}}',
  confirm: 'Enregistrer ces modifications ? {{changes}}',
  errors: {
    required: 'Saisissez une valeur',
    whole: 'Saisissez un nombre entier de {{min}} à {{max}}',
    link: 'Saisissez une adresse commençant par http:// ou https:// ({{max}} caractères au plus)',
    amount: 'Saisissez un montant avec {{decimals}} décimales au plus',
  },
  cards: {
    live: {
      title: 'Mises à jour en direct et surveillance',
      text: 'La fréquence d’actualisation des écrans en direct, et quand un paiement entrant en cours est considéré comme bloqué.',
    },
    links: {
      title: 'Liens externes',
      text: 'Où mènent les liens du canal d’annonces, des supports marketing et du chat.',
    },
    signIn: {
      title: 'Protection de la connexion',
      text: 'Le nombre d’échecs de connexion permis dans la période avant que la connexion soit refusée.',
    },
    approvals: {
      title: 'Double validation',
      text: 'Quand une sortie d’argent exige deux approbateurs, et combien de temps une demande peut attendre une décision.',
    },
    demo: {
      title: 'Données de démonstration',
      text: 'Si les chiffres du tableau de bord incluent les comptes de démonstration.',
    },
    money: {
      title: 'Ajustements de solde',
      text: 'À partir de quel montant un ajustement au débit exige un troisième approbateur ; 0 : jamais.',
    },
  },
  fields: {
    liveUpdateIntervalMs: 'Intervalle de mise à jour en direct',
    payinStuckMinutes: 'Paiement entrant bloqué après',
    announcementChannelUrl: 'Canal d’annonces',
    marketingMaterialsUrl: 'Supports marketing',
    skypeUrl: 'Discussion',
    loginMaxFailuresPerAccount: 'Échecs de connexion par compte',
    loginMaxFailuresPerAddress: 'Échecs de connexion par adresse',
    loginFailureWindowMinutes: 'Échecs comptés sur',
    refundReturnsPayinFee: 'Les remboursements rendent les frais de l’encaissement (1 oui, 0 non)',
    adjustmentThirdApproverFrom: 'Troisième approbateur pour les débits à partir de',
  },
  units: {
    liveUpdateIntervalMs: 'secondes',
    payinStuckMinutes: 'minutes',
    loginMaxFailuresPerAccount: 'tentatives',
    loginMaxFailuresPerAddress: 'tentatives',
    loginFailureWindowMinutes: 'minutes',
    refundReturnsPayinFee: '0 ou 1',
    adjustmentThirdApproverFrom: 'unités entières de la devise',
  },
  signInGuard: {
    secondAdmin:
      'Assouplir une limite (plus de connexions échouées permises, ou une fenêtre plus courte) attend un second administrateur ; la resserrer s’applique aussitôt.',
    waiting:
      'En attente de l’approbation d’un second administrateur dans la file d’approbation ; les limites en vigueur restent jusque-là :',
    reasonHint:
      'Obligatoire quand une limite est assouplie : le second administrateur le lit avant d’approuver.',
    confirm:
      'Enregistrer ces changements ? {{changes}}. Une limite assouplie ne s’applique pas maintenant : elle attend l’approbation d’un second administrateur dans la file d’approbation.',
  },
  approvals: {
    reason: 'Motif du changement',
    reasonHint:
      'Obligatoire pour tout changement ici : le second administrateur le lit avant d’approuver.',
    reasonRequired: 'Indiquez le motif du changement : le second administrateur le lit.',
    waiting:
      "Enregistré comme changement en attente d'un second administrateur : il s'applique quand un autre administrateur l'approuve dans la file d'approbation.",
    secondAdmin: "Tout changement ici demande un second administrateur avant de s'appliquer.",
    band: 'Bande du taux USDT (±%)',
    bandHint:
      'Un changement du taux USDT plus grand que ceci demande un second administrateur. Par défaut : 10',
    confirmBand:
      "Laisser s'appliquer aussitôt les changements du taux USDT jusqu'à ±{{percent}} % ?",
    expiry: 'Les demandes en attente expirent après (heures)',
    expiryHint:
      'Les paiements sortants, règlements et retraits non décidés sont rejetés après ce délai. Par défaut : 72',
    confirmExpiry: 'Laisser les demandes en attente {{hours}} heures avant leur expiration ?',
    currency: 'Devise',
    threshold: 'Deux approbateurs à partir de',
    thresholdHint:
      'Les montants égaux ou supérieurs exigent deux approbateurs ; 0 signifie tous les montants.',
    confirmThreshold:
      'Les sorties en {{currency}} de {{amount}} ou plus exigeront deux approbateurs. Enregistrer ?',
    everyAmount: 'Par défaut',
    edit: 'Modifier',
    tiers: {
      title: 'Paliers d’approbation par montant',
      text: 'Par type et devise, des tranches de montants qui demandent chacune un, deux ou trois approbateurs distincts. Là où un type et une devise ont des tranches, elles remplacent le seuil à deux approbateurs ; un ajustement de solde garde son troisième approbateur, et un paiement par API qu’aucune règle de risque ne retient part aussitôt.',
      kinds: { payout: 'Paiements', settlement: 'Règlements', withdrawal: 'Retraits' },
      kind: 'Type',
      bands: 'Tranches (à partir de → approbateurs)',
      from: 'À partir du montant',
      approvers: 'Approbateurs',
      fromOf: 'Tranche {{n}} : à partir du montant',
      approversOf: 'Tranche {{n}} : approbateurs',
      remove: 'Retirer',
      removeOf: 'Retirer la tranche {{n}}',
      add: 'Ajouter une tranche',
      removeAll: 'Retirer ces paliers',
      problems: {
        order: 'Doit être au-dessus de la tranche précédente.',
        fewer: 'Ne peut pas demander moins d’approbateurs que la tranche précédente.',
      },
      confirm:
        'Les {{kind}} en {{currency}} demanderont les approbateurs de ces tranches dès qu’un second administrateur aura approuvé le changement. Enregistrer ?',
      confirmRemove:
        'Retirer les paliers des {{kind}} en {{currency}} ? Dès qu’un second administrateur l’approuve, le seuil à deux approbateurs s’applique de nouveau.',
      waiting:
        'Changements de paliers en attente d’un second administrateur dans la file des approbations ; les paliers en vigueur restent jusque-là :',
      none: 'Aucun palier pour l’instant : le seuil à deux approbateurs s’applique à tous les types et devises.',
    },
  },
  demo: {
    switch: 'Basculer',
    included: 'Les comptes de démonstration sont inclus dans les chiffres du tableau de bord',
    excluded: 'Les comptes de démonstration sont exclus des chiffres du tableau de bord',
    confirmOn: 'Inclure les comptes de démonstration dans tous les chiffres du tableau de bord ?',
    confirmOff: 'Exclure les comptes de démonstration de tous les chiffres du tableau de bord ?',
  },
};
