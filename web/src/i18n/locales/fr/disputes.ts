import type { Translation } from '../translation';

/** The disputes' own words (issue 27): the lists, the detail's answer, the sandbox's simulation. */
export const disputes: Translation<'fr'>['disputes'] = {
  column: {
    fee: 'Frais de litige',
    reason: 'Motif',
    respondBy: 'Répondre avant',
    timeLeft: 'Temps restant',
  },
  timeLeft: 'Encore {{duration}}',
  deadlinePassed: 'Délai dépassé',
  answerAccepted: 'Accepté par le marchand',
  notAnswered: 'Aucune preuve envoyée',
  panel: {
    answer: 'Réponse',
    label: 'Litige',
    payin: 'Encaissement contesté',
    evidenceSent: 'Preuves envoyées',
    evidenceDraft: 'Brouillon des preuves',
  },
  outcome: {
    held: '{{held}} est retenu sur le solde disponible jusqu’à la décision de la passerelle.',
    won: 'Gagné : {{amount}} est revenu au solde disponible ; frais de litige rendus : {{fee}}.',
    lost: 'Perdu : {{held}} a été prélevé définitivement.',
    shortfall:
      'Le solde disponible ne suffisait pas : le marchand doit {{owed}} (son solde est négatif d’autant).',
  },
  evidence: {
    productDescription: 'Description du produit ou du service',
    customerCommunication: 'Échanges avec le client',
    serviceProof: 'Preuve d’expédition ou de service',
    note: 'Note',
  },
  files: {
    title: 'Fichiers ({{count}} sur {{max}})',
    none: 'Aucun fichier pour l’instant.',
    sent: 'Envoyé',
    remove: 'Retirer {{name}}',
    add: 'Ajouter des fichiers : PDF, PNG ou JPEG, {{max}} au plus chacun',
    tooLarge: '{{name}} dépasse {{max}}.',
    sending: 'Envoi de {{name}}',
  },
  answer: 'Répondre au litige',
  answerTitle: 'Répondre au litige sur l’encaissement {{orderId}}',
  reasonOnBehalf: 'Dites pourquoi vous répondez pour le marchand',
  reasonRequired: 'Un motif est requis quand un administrateur répond pour un marchand.',
  saveDraft: 'Enregistrer le brouillon',
  draftSaved: 'Le brouillon a été enregistré.',
  submitConfirm: 'Envoyer, définitif',
  evidenceLeftEmpty: 'Laissé vide',
  reviewFinal:
    'L’envoi est définitif : la passerelle tranche sur ce que vous envoyez maintenant, et rien ne pourra être ajouté ensuite.',
  submitted: 'Les preuves ont été envoyées à la passerelle.',
  accept: 'Accepter le litige',
  acceptTitle: 'Accepter le litige sur l’encaissement {{orderId}}',
  acceptEffect: 'Le litige est perdu : {{held}} retenu sur le solde est prélevé définitivement.',
  acceptConfirm: 'Accepter et perdre',
  accepted: 'Le litige a été accepté.',
  simulate: 'Simuler un litige',
  simulateTitle: 'Simuler un litige (sandbox)',
  simulateEffect:
    'La passerelle sandbox ouvre une rétrofacturation sur cet encaissement comme le ferait la banque du payeur : le montant et les frais de litige sont aussitôt retenus sur le solde disponible du marchand, qui a 7 jours pour répondre.',
  simulateAmount: 'Montant contesté ({{currency}})',
  simulateAmountHint: 'Vide : tout ce qui peut encore être contesté.',
  simulateConfirm: 'Ouvrir le litige',
  simulated: 'La sandbox a ouvert un litige.',
};
