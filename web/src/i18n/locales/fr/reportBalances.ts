import type { Translation } from '../translation';

/** French strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation<'fr'>['reportBalances'] = {
  merchantHint:
    'Par marchand et par devise : le solde au début de la période, ce qui l’a fait varier, et le solde du grand livre à la fin. Les règlements et les paiements sortants sont de l’argent sorti. L’écart doit être nul.',
  resellerHint:
    'Par revendeur et devise : le solde de commission au début de la période, la commission gagnée et retirée, et le solde du grand livre à la fin en ses parts : disponible au retrait (la clôture du relevé des gains) et réservé pour les retraits en attente ; la clôture est leur total. La différence doit être nulle.',
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
    refunded: 'Remboursé',
    disputesLost: 'Perdu en litiges',
    adjustments: 'Ajustements',
    reserved: 'Réservé en fin de période',
    disputesHeld: 'Bloqué par les litiges ouverts en fin de période',
    earned: 'Gagné',
    withdrawn: 'Retiré',
    closing: 'Solde de clôture',
    difference: 'Écart',
    availableCommission: 'Disponible en fin de période',
    reservedWithdrawals: 'Réservé pour retraits en attente',
    closingTotal: 'Solde de clôture (total)',
  },
  setting: {
    intro:
      'Les colonnes facultatives que chaque rapport affiche par défaut, et le fuseau horaire dans lequel les rapports s’ouvrent. Qui a choisi ses propres colonnes sur un rapport garde son choix ; les autres voient ces valeurs par défaut.',
    zoneTitle: 'Fuseau horaire par défaut',
    zoneText:
      'Les rapports lisent leurs jours dans ce fuseau quand l’adresse n’en précise aucun ; chacun peut encore en choisir un autre sur un rapport.',
    zoneLabel: 'Fuseau horaire',
    columnsText: '{{shown}} colonnes facultatives sur {{total}} affichées par défaut',
    alwaysShown:
      'Ce qui identifie chaque ligne et le résultat propre du rapport sont toujours affichés.',
    showAll: 'Tout afficher',
    save: 'Enregistrer',
    undo: 'Annuler les modifications',
    unsaved: 'Modifications non enregistrées : {{count}}',
    confirm: 'Enregistrer les paramètres des rapports ? {{changes}}',
    zoneChange: 'Fuseau horaire par défaut : {{from}} → {{to}}.',
    columnsChange:
      'Colonnes désormais masquées par défaut : {{hidden}} ; désormais affichées : {{shown}}.',
    saved: 'Les paramètres des rapports sont enregistrés.',
  },
};
