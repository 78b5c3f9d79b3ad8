import type { Translation } from '../translation';

/** The disputes' own words (issue 27): the lists, the detail's answer, the sandbox's simulation. */
export const disputes: Translation<'es'>['disputes'] = {
  column: {
    fee: 'Comisión de disputa',
    reason: 'Motivo',
    respondBy: 'Responder antes de',
    timeLeft: 'Tiempo restante',
  },
  timeLeft: 'Quedan {{duration}}',
  deadlinePassed: 'Plazo vencido',
  answerAccepted: 'Aceptada por el comercio',
  notAnswered: 'No se enviaron pruebas',
  panel: {
    answer: 'Respuesta',
    label: 'Disputa',
    payin: 'Cobro disputado',
    evidenceSent: 'Pruebas enviadas',
    evidenceDraft: 'Borrador de pruebas',
  },
  outcome: {
    held: '{{held}} queda retenido del saldo disponible hasta que la pasarela resuelva.',
    won: 'Ganada: {{amount}} volvió al saldo disponible; comisión de disputa devuelta: {{fee}}.',
    lost: 'Perdida: {{held}} se descontó definitivamente.',
    shortfall:
      'El saldo disponible no alcanzó: el comercio debe {{owed}} (su saldo está por debajo de cero en esa cantidad).',
  },
  evidence: {
    productDescription: 'Descripción del producto o servicio',
    customerCommunication: 'Comunicación con el cliente',
    serviceProof: 'Prueba de envío o de servicio',
    note: 'Nota',
  },
  files: {
    title: 'Archivos ({{count}} de {{max}})',
    none: 'Aún no hay archivos.',
    sent: 'Enviado',
    remove: 'Quitar {{name}}',
    add: 'Añadir archivos: PDF, PNG o JPEG, hasta {{max}} cada uno',
    tooLarge: '{{name}} supera {{max}}.',
    sending: 'Subiendo {{name}}',
  },
  answer: 'Responder disputa',
  answerTitle: 'Responder la disputa del cobro {{orderId}}',
  reasonOnBehalf: 'Indique por qué responde en nombre del comercio',
  reasonRequired: 'Se requiere un motivo cuando un administrador responde por un comercio.',
  saveDraft: 'Guardar borrador',
  draftSaved: 'Se guardó el borrador.',
  submitConfirm: 'Enviar, definitivo',
  evidenceLeftEmpty: 'Se deja vacío',
  reviewFinal:
    'El envío es definitivo: la pasarela resuelve con lo que envíe ahora y después no se puede añadir nada.',
  submitted: 'Las pruebas se enviaron a la pasarela.',
  accept: 'Aceptar disputa',
  acceptTitle: 'Aceptar la disputa del cobro {{orderId}}',
  acceptEffect: 'La disputa se pierde: {{held}} retenido del saldo se descuenta definitivamente.',
  acceptConfirm: 'Aceptar y perder',
  accepted: 'Se aceptó la disputa.',
  simulate: 'Simular disputa',
  simulateTitle: 'Simular una disputa (sandbox)',
  simulateEffect:
    'La pasarela sandbox abre un contracargo sobre este cobro como lo haría el banco del pagador: el importe y la comisión de disputa se retienen al instante del saldo disponible del comercio, que tiene 7 días para responder.',
  simulateAmount: 'Importe disputado ({{currency}})',
  simulateAmountHint: 'Vacío: todo lo que aún se puede disputar.',
  simulateConfirm: 'Abrir disputa',
  simulated: 'El sandbox abrió una disputa.',
};
