import type { Translation } from '../../translation';

/** French strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation['reportBalances'] = {
  merchantHint:
    'Par marchand et par devise : le solde au début de la période, ce qui l’a fait varier, et le solde du grand livre à la fin. Les règlements et les paiements sortants sont de l’argent sorti. L’écart doit être nul.',
  resellerHint:
    'Par revendeur et par devise : le solde de commissions au début de la période, les commissions gagnées et retirées, et le solde du grand livre à la fin. L’écart doit être nul.',
  columns: {
    merchant: 'Marchand',
    reseller: 'Revendeur',
    currency: 'Devise',
    opening: 'Solde d’ouverture',
    openingCommission: 'Solde de commissions d’ouverture',
    credited: 'Crédité',
    settledBank: 'Réglé en banque',
    settledUsdt: 'Réglé sur le portefeuille USDT',
    paidOut: 'Versé',
    toppedUp: 'Rechargé',
    adjustments: 'Ajustements',
    reserved: 'Réservé en fin de période',
    earned: 'Gagné',
    withdrawn: 'Retiré',
    closing: 'Solde de clôture',
    difference: 'Écart',
  },
};
