import type { Translation } from '../translation';

/** The balance adjustments' own words (issue 41): the lists' columns and the New adjustment form. */
export const adjustments: Translation<'fr'>['adjustments'] = {
  new: 'Nouvel ajustement',
  confirm: 'Confirmer l’ajustement',
  sent_one:
    'L’ajustement est enregistré : il attend l’approbation de {{count}} autre administrateur.',
  sent_many:
    'L’ajustement est enregistré : il attend l’approbation de {{count}} d’autres administrateurs.',
  sent_other:
    'L’ajustement est enregistré : il attend l’approbation de {{count}} autres administrateurs.',
  balance: {
    available: 'Solde disponible (marchand)',
    payout_available: 'Solde de décaissement (marchand)',
    commission: 'Solde des commissions (revendeur)',
  },
  balanceInText: {
    available: 'solde disponible',
    payout_available: 'solde de décaissement',
    commission: 'solde des commissions',
  },
  form: {
    owner: 'Code du marchand ou du revendeur',
    ownerHint:
      'Le code d’un marchand pour son solde disponible ou de décaissement, celui d’un revendeur pour ses commissions.',
    direction: 'Sens',
    balance: 'Solde',
    reason: 'Motif',
    note: 'Note',
    noteHint: 'Obligatoire : les approbateurs et le journal d’administration la lisent.',
    noteRequired: 'Écrivez une note pour les approbateurs.',
    related: 'ID de la transaction liée (facultatif)',
    relatedHint:
      'L’encaissement, le décaissement ou autre opération que cet ajustement corrige, le cas échéant.',
  },
  review: {
    credit: 'Créditer {{amount}} sur le {{balance}} de {{owner}}.',
    debit: 'Débiter {{amount}} du {{balance}} de {{owner}}.',
    nothingMovesYet:
      'Rien ne bouge tant que d’autres administrateurs ne l’ont pas approuvé ; un refus ne déplace rien.',
    needsApprovals:
      'Il doit être approuvé par d’autres administrateurs (pas vous) avant que l’argent ne bouge.',
    needsApprovalsCount_one:
      'Il faut encore {{count}} approbation, d’un autre administrateur (pas vous).',
    needsApprovalsCount_many:
      'Il faut encore {{count}} d’approbations, d’autres administrateurs (pas vous).',
    needsApprovalsCount_other:
      'Il faut encore {{count}} approbations, d’autres administrateurs (pas vous).',
  },
  column: {
    owner: 'Titulaire',
    direction: 'Sens',
    balance: 'Solde',
    reason: 'Motif',
    related: 'Transaction liée',
  },
  decision: {
    approve:
      'Approuver ajoute votre approbation ; la dernière requise déplace l’argent (un débit que le solde ne couvre plus est alors refusé).',
    reject: 'Refuser clôt l’ajustement : rien ne bouge.',
  },
};
