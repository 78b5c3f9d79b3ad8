import type { Translation } from '../../translation';

/** Spanish strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation['reportBalances'] = {
  merchantHint:
    'Por comercio y moneda: el saldo al inicio del periodo, lo que lo movió y el saldo contable al final. Lo liquidado y lo pagado es dinero que salió. La diferencia debe ser cero.',
  resellerHint:
    'Por revendedor y moneda: el saldo de comisiones al inicio del periodo, las comisiones ganadas y retiradas, y el saldo contable al final. La diferencia debe ser cero.',
  columns: {
    merchant: 'Comercio',
    reseller: 'Revendedor',
    currency: 'Moneda',
    opening: 'Saldo inicial',
    openingCommission: 'Saldo inicial de comisiones',
    credited: 'Acreditado',
    settledBank: 'Liquidado al banco',
    settledUsdt: 'Liquidado a la billetera USDT',
    paidOut: 'Pagado',
    toppedUp: 'Recargado',
    adjustments: 'Ajustes',
    reserved: 'Reservado al final',
    earned: 'Ganado',
    withdrawn: 'Retirado',
    closing: 'Saldo final',
    difference: 'Diferencia',
  },
};
