import type { Translation } from '../translation';

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
  overRefundable: 'Au plus {{refundable}} de cet encaissement peut encore être remboursé.',
  nothingLeft:
    'Il ne reste rien à rembourser sur cet encaissement : ses remboursements et litiges en retiennent la totalité.',
  /** The server's refusals of a refund, by `data.reason` (REFUSAL_REASONS). */
  refused: {
    overRefundable:
      'Une partie de cet encaissement a été remboursée ou contestée entre-temps : il reste moins à rembourser que demandé. Revenez en arrière pour voir ce qui reste.',
    balanceShort: 'Le solde disponible ne couvre plus ce remboursement et ses frais.',
    notSuccessful: 'Seul un encaissement réussi peut être remboursé.',
  },
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
