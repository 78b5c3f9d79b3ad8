import type { Translation } from '../translation';

/** The risk review queue's own words (issue 42; docs/risk.md, Review queue). */
export const riskReview: Translation<'fr'>['riskReview'] = {
  column: {
    kind: 'Type',
    owner: 'Marchand ou revendeur',
    destination: 'Destination',
    heldBy: 'Retenu par',
  },
  heldByUnknown: 'Une règle de risque',
  decline: 'Refuser',
  noun: {
    payin: 'le paiement entrant',
    payout: 'le paiement sortant',
    settlement: 'le règlement',
    settlement_wallet: 'le règlement vers le portefeuille USDT',
    withdrawal: 'le retrait',
  },
  item: '{{noun}} {{owner}} · {{amount}} {{currency}}',
  approve: {
    payin: 'Laisser passer {{item}} : le payeur reçoit la page de paiement.',
    payout: 'Laisser partir {{item}} vers sa passerelle.',
    settlement:
      'Laisser passer {{item}} comme règlement approuvé, qu’un administrateur paiera et marquera effectué.',
    settlement_wallet:
      'Laisser passer {{item}} comme règlement approuvé vers son portefeuille USDT.',
    withdrawal:
      'Laisser passer {{item}} comme retrait approuvé, qu’un administrateur paiera et marquera effectué.',
  },
  approveMany:
    'Les laisser passer, chacun comme son type le fait une fois approuvé (un paiement sortant vers sa passerelle). Ceux qui demandent d’autres examinateurs les attendent.',
  declineEffect: {
    debit: 'Refuser {{item}} et rendre {{total}} {{currency}} au {{balance}} du {{owner}}.',
    credit: 'Refuser {{item}} : le payeur n’est jamais invité à payer, rien ne bouge.',
  },
  declineMany:
    'Les refuser : chacun est rejeté, et le montant et les frais qu’il retenait reviennent au solde d’où ils venaient.',
  ownerType: {
    merchant: 'marchand',
    reseller: 'revendeur',
  },
  balance: {
    available: 'solde disponible',
    payout_available: 'solde de paiements sortants',
    commission: 'solde de commissions',
  },
};
