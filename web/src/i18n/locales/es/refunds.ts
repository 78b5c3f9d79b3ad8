import type { Translation } from '../translation';

/** The refunds' own words (issue 26): the pay-in's refund action and the refund lists. */
export const refunds: Translation<'es'>['refunds'] = {
  action: 'Reembolsar',
  title: 'Reembolsar el cobro {{orderId}}',
  amount: 'Importe a reembolsar ({{currency}})',
  reason: 'Motivo',
  reasonOptional: 'Motivo (opcional)',
  reasonRequired: 'Indique por qué reembolsa en nombre del comercio',
  confirm: 'Confirmar reembolso',
  sent: 'Se solicitó el reembolso.',
  overRefundable: 'Como máximo se pueden reembolsar aún {{refundable}} de este cobro.',
  nothingLeft:
    'No queda nada por reembolsar de este cobro: sus reembolsos y disputas ya lo retienen entero.',
  /** The server's refusals of a refund, by `data.reason` (REFUSAL_REASONS). */
  refused: {
    overRefundable:
      'Mientras tanto se reembolsó o se disputó parte de este cobro: queda menos por reembolsar de lo que pidió. Vuelva atrás para ver lo que queda.',
    balanceShort: 'El saldo disponible ya no cubre este reembolso y su comisión.',
    notSuccessful: 'Solo se puede reembolsar un cobro exitoso.',
  },
  quote: {
    refundable: 'Aún reembolsable',
    amount: 'Reembolso',
    fee: 'Comisión de reembolso',
    total: 'Retenido del saldo',
    available: 'Saldo disponible ahora',
    remaining: 'Saldo disponible después',
    feeReturned: 'Comisión del cobro devuelta',
    needsApproval:
      'Este reembolso espera la aprobación de dos administradores antes de ir a la pasarela.',
    notEnough: 'El saldo disponible no cubre este reembolso y su comisión.',
  },
  column: {
    reason: 'Motivo',
  },
};
