import type { Translation } from '../translation';

/** The balance adjustments' own words (issue 41): the lists' columns and the New adjustment form. */
export const adjustments: Translation<'es'>['adjustments'] = {
  new: 'Nuevo ajuste',
  confirm: 'Confirmar ajuste',
  sent_one: 'El ajuste quedó registrado: espera la aprobación de {{count}} administrador más.',
  sent_many:
    'El ajuste quedó registrado: espera la aprobación de {{count}} de administradores más.',
  sent_other: 'El ajuste quedó registrado: espera la aprobación de {{count}} administradores más.',
  balance: {
    available: 'Saldo disponible (comercio)',
    payout_available: 'Saldo para pagos (comercio)',
    commission: 'Saldo de comisiones (revendedor)',
  },
  balanceInText: {
    available: 'saldo disponible',
    payout_available: 'saldo para pagos',
    commission: 'saldo de comisiones',
  },
  form: {
    owner: 'Código del comercio o del revendedor',
    ownerHint:
      'El código de un comercio para su saldo disponible o para pagos; el de un revendedor para sus comisiones.',
    direction: 'Sentido',
    balance: 'Saldo',
    reason: 'Motivo',
    note: 'Nota',
    noteHint: 'Obligatoria: la leen los aprobadores y el registro de administración.',
    noteRequired: 'Escriba una nota para los aprobadores.',
    related: 'ID de la transacción relacionada (opcional)',
    relatedHint: 'El cobro, pago u otra operación que corrige este ajuste, si la hay.',
  },
  review: {
    credit: 'Abonar {{amount}} al {{balance}} de {{owner}}.',
    debit: 'Cargar {{amount}} al {{balance}} de {{owner}}.',
    nothingMovesYet:
      'Nada se mueve hasta que otros administradores lo aprueben; un rechazo no mueve nada.',
    needsApprovals:
      'Necesita la aprobación de otros administradores (no usted) antes de que se mueva el dinero.',
    needsApprovalsCount_one: 'Falta {{count}} aprobación, de otro administrador (no usted).',
    needsApprovalsCount_many:
      'Faltan {{count}} de aprobaciones, de otros administradores (no usted).',
    needsApprovalsCount_other:
      'Faltan {{count}} aprobaciones, de otros administradores (no usted).',
  },
  column: {
    owner: 'Titular',
    direction: 'Sentido',
    balance: 'Saldo',
    reason: 'Motivo',
    related: 'Transacción relacionada',
  },
  decision: {
    approve:
      'Aprobar suma su aprobación; la última necesaria mueve el dinero (un cargo que el saldo ya no cubre se rechaza entonces).',
    reject: 'Rechazar cierra el ajuste: nada se mueve.',
  },
};
