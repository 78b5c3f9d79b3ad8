import type { Translation } from '../translation';

/** Spanish strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation<'es'>['reportBalances'] = {
  merchantHint:
    'Por comercio y moneda: el saldo al inicio del periodo, lo que lo movió y el saldo contable al final. Lo liquidado y lo pagado es dinero que salió. La diferencia debe ser cero.',
  resellerHint:
    'Por revendedor y moneda: el saldo de comisión al inicio del periodo, la comisión ganada y retirada, y el saldo del libro al final en sus partes: disponible para retirar (el cierre del estado de ganancias) y reservado para retiros pendientes; el cierre es su total. La diferencia debe ser cero.',
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
    refunded: 'Reembolsado',
    disputesLost: 'Perdido en disputas',
    adjustments: 'Ajustes',
    reserved: 'Reservado al final',
    disputesHeld: 'Retenido por disputas abiertas al final',
    earned: 'Ganado',
    withdrawn: 'Retirado',
    closing: 'Saldo final',
    difference: 'Diferencia',
    availableCommission: 'Disponible al final',
    reservedWithdrawals: 'Reservado para retiros pendientes',
    closingTotal: 'Saldo de cierre (total)',
  },
  setting: {
    intro:
      'Qué columnas opcionales muestra cada informe por defecto y la zona horaria en la que se abren los informes. Quien haya elegido sus propias columnas en un informe conserva su elección; los demás ven estos valores predeterminados.',
    zoneTitle: 'Zona horaria predeterminada',
    zoneText:
      'Los informes leen sus días en esta zona cuando la dirección no indica ninguna; cualquiera puede elegir otra zona en un informe.',
    zoneLabel: 'Zona horaria',
    columnsText: '{{shown}} de {{total}} columnas opcionales visibles por defecto',
    alwaysShown:
      'Lo que identifica cada fila y el resultado propio del informe siempre se muestran.',
    showAll: 'Mostrar todas',
    save: 'Guardar',
    undo: 'Deshacer cambios',
    unsaved: 'Cambios sin guardar: {{count}}',
    confirm: '¿Guardar la configuración de informes? {{changes}}',
    zoneChange: 'Zona horaria predeterminada: {{from}} → {{to}}.',
    columnsChange:
      'Columnas que pasan a ocultarse por defecto: {{hidden}}; que pasan a mostrarse: {{shown}}.',
    saved: 'La configuración de informes se ha guardado.',
  },
};
