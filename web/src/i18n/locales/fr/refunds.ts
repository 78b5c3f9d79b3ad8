import type { Translation } from '../../translation';

/** The refunds' own words (issue 26): the pay-in's refund action and the refund lists. */
export const refunds: Translation<'fr'>['refunds'] = {
  action: 'Rembourser',
  title: 'Rembourser l’encaissement {{orderId}}',
  amount: 'Montant à rembourser ({{currency}})',
  reason: 'Motif',
  reasonOptional: 'Motif (facultatif)',
  reasonRequired: 'Indiquez pourquoi vous remboursez pour le compte du marchand',
  confirm: 'Confirmer le remboursement',
  sent: 'Le remboursement a été demandé.',
  quote: {
    refundable: 'Encore remboursable',
    amount: 'Remboursement',
    fee: 'Frais de remboursement',
    total: 'Retenu sur le solde',
    available: 'Solde disponible maintenant',
    remaining: 'Solde disponible après',
    feeReturned: 'Frais de l’encaissement rendus',
    needsApproval:
      'Ce remboursement attend l’approbation de deux administrateurs avant de partir vers la passerelle.',
    notEnough: 'Le solde disponible ne couvre pas ce remboursement et ses frais.',
  },
  column: {
    reason: 'Motif',
  },
};
