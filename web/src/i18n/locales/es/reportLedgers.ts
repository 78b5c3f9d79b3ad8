import type { Translation } from '../../translation';

/** Spanish strings of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet). */
export const reportLedgers: Translation['reportLedgers'] = {
  columns: {
    postedAt: 'Hora',
    kind: 'Tipo',
    reference: 'Referencia',
    owner: 'Cuenta',
    debit: 'Débito',
    credit: 'Crédito',
    balance: 'Saldo',
    opening: 'Saldo inicial',
    credits: 'Créditos',
    debits: 'Débitos',
    closing: 'Saldo final',
    entries: 'Asientos',
    currency: 'Moneda',
    payins: 'Cobros (netos de comisiones)',
    payouts: 'Pagos',
    settlements: 'Liquidaciones',
    topUps: 'Recargas',
    adjustments: 'Ajustes',
  },
  picker: {
    contract: 'Contrato',
    merchant: 'Comercio',
    reseller: 'Revendedor',
    loading: 'Cargando las opciones…',
    none: 'Todavía no hay ningún libro mayor que mostrar.',
  },
  header: {
    ledgerOf: 'Libro mayor de {{owner}} ({{name}}) en {{currency}}',
    statementOf: 'Estado de cuenta de {{owner}} ({{name}})',
  },
  statementNote:
    'Saldo = disponible + reservado + saldos de pago. Las reservas de solicitudes pendientes mueven dinero entre ellos y se compensan.',
};
