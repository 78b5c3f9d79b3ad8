import type { Translation } from '../../translation';

/** French strings of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet). */
export const reportLedgers: Translation['reportLedgers'] = {
  columns: {
    postedAt: 'Heure',
    kind: 'Type',
    reference: 'Référence',
    owner: 'Compte',
    debit: 'Débit',
    credit: 'Crédit',
    balance: 'Solde',
    opening: "Solde d'ouverture",
    credits: 'Crédits',
    debits: 'Débits',
    closing: 'Solde de clôture',
    entries: 'Écritures',
    currency: 'Devise',
    payins: 'Encaissements (nets de frais)',
    payouts: 'Décaissements',
    settlements: 'Règlements',
    topUps: 'Recharges',
    adjustments: 'Ajustements',
  },
  picker: {
    contract: 'Contrat',
    merchant: 'Marchand',
    reseller: 'Revendeur',
    loading: 'Chargement des choix…',
    none: "Il n'y a encore aucun grand livre à afficher.",
  },
  header: {
    ledgerOf: 'Grand livre de {{owner}} ({{name}}) en {{currency}}',
    statementOf: 'Relevé de {{owner}} ({{name}})',
  },
  statementNote:
    "Solde = disponible + réservé + soldes de décaissement. Les réservations des demandes en attente déplacent l'argent entre eux et s'annulent.",
};
