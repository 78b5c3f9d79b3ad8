import type { Translation } from '../translation';

/** The risk review queue's own words (issue 42; docs/risk.md, Review queue). */
export const riskReview: Translation<'es'>['riskReview'] = {
  column: {
    kind: 'Tipo',
    owner: 'Comercio o revendedor',
    destination: 'Destino',
    heldBy: 'Retenido por',
  },
  heldByUnknown: 'Una regla de riesgo',
  decline: 'Rechazar',
  noun: {
    payin: 'el cobro',
    payout: 'el pago',
    settlement: 'la liquidación',
    settlement_wallet: 'la liquidación a la billetera USDT',
    withdrawal: 'el retiro',
  },
  item: '{{noun}} {{owner}} · {{amount}} {{currency}}',
  approve: {
    payin: 'Dejar seguir {{item}}: el pagador recibe la página de pago.',
    payout: 'Dejar ir {{item}} a su pasarela.',
    settlement:
      'Dejar seguir {{item}} como liquidación aprobada, para que un administrador la pague y la marque como hecha.',
    settlement_wallet: 'Dejar seguir {{item}} como liquidación aprobada a su billetera USDT.',
    withdrawal:
      'Dejar seguir {{item}} como retiro aprobado, para que un administrador lo pague y lo marque como hecho.',
  },
  approveMany:
    'Dejarlos seguir, cada uno como su tipo sigue una vez aprobado (un pago a su pasarela). Los que necesitan más revisores los esperan.',
  declineEffect: {
    debit: 'Rechazar {{item}} y devolver {{total}} {{currency}} al {{balance}} del {{owner}}.',
    credit: 'Rechazar {{item}}: al pagador nunca se le pide pagar y nada se mueve.',
  },
  declineMany:
    'Rechazarlos: cada uno queda rechazado, y el importe y la comisión que retenía vuelven al saldo de donde salieron.',
  ownerType: {
    merchant: 'comercio',
    reseller: 'revendedor',
  },
  balance: {
    available: 'saldo disponible',
    payout_available: 'saldo de pagos',
    commission: 'saldo de comisiones',
  },
};
