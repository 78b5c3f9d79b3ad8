import type { Translation } from '../translation';

/** Spanish strings of general settings (/general-settings). */
export const platformSettings: Translation<'es'>['platformSettings'] = {
  intro:
    'Ajustes de la plataforma que lee todo el producto. Cada cambio se confirma primero y se anota en el registro de administración; se aplica al instante, salvo el que relaja una protección, que espera a un segundo administrador (lo indica su tarjeta).',
  save: 'Guardar',
  undo: 'Deshacer cambios',
  saved: 'Ajustes guardados',
  defaultIs: 'Predeterminado: {{value}}',
  defaultWithUnit: 'Predeterminado: {{value}} {{unit}}',
  change: '{{setting}}: {{from}} → {{to}}',
  confirm: '¿Guardar estos cambios? {{changes}}',
  errors: {
    required: 'Introduzca un valor',
    whole: 'Introduzca un número entero de {{min}} a {{max}}',
    link: 'Introduzca una dirección que empiece por http:// o https:// (como máximo {{max}} caracteres)',
    amount: 'Introduzca un importe con {{decimals}} decimales como máximo',
  },
  cards: {
    live: {
      title: 'Actualizaciones en vivo y supervisión',
      text: 'Cada cuánto se actualizan las pantallas en vivo y cuándo un cobro en proceso se considera atascado.',
    },
    links: {
      title: 'Enlaces externos',
      text: 'A dónde llevan los enlaces del canal de anuncios, los materiales de marketing y el chat.',
    },
    signIn: {
      title: 'Protección del inicio de sesión',
      text: 'Cuántos inicios de sesión fallidos se permiten dentro del periodo antes de rechazar el acceso.',
    },
    approvals: {
      title: 'Doble aprobación',
      text: 'Cuándo una salida de dinero necesita dos aprobadores y cuánto puede esperar una solicitud una decisión.',
    },
    demo: {
      title: 'Datos de demostración',
      text: 'Si las cifras del panel incluyen las cuentas de demostración.',
    },
    money: {
      title: 'Ajustes de saldo',
      text: 'A partir de qué importe un ajuste de cargo necesita un tercer aprobador; 0: nunca.',
    },
  },
  fields: {
    liveUpdateIntervalMs: 'Intervalo de actualización en vivo',
    payinStuckMinutes: 'Cobro atascado después de',
    announcementChannelUrl: 'Canal de anuncios',
    marketingMaterialsUrl: 'Materiales de marketing',
    skypeUrl: 'Chat de soporte',
    loginMaxFailuresPerAccount: 'Intentos fallidos por cuenta',
    loginMaxFailuresPerAddress: 'Intentos fallidos por dirección',
    loginFailureWindowMinutes: 'Intentos fallidos contados durante',
    refundReturnsPayinFee: 'Los reembolsos devuelven la comisión del cobro (1 sí, 0 no)',
    adjustmentThirdApproverFrom: 'Tercer aprobador para cargos desde',
  },
  units: {
    liveUpdateIntervalMs: 'segundos',
    payinStuckMinutes: 'minutos',
    loginMaxFailuresPerAccount: 'intentos',
    loginMaxFailuresPerAddress: 'intentos',
    loginFailureWindowMinutes: 'minutos',
    refundReturnsPayinFee: '0 o 1',
    adjustmentThirdApproverFrom: 'unidades enteras de la moneda',
  },
  signInGuard: {
    secondAdmin:
      'Relajar un límite (más inicios de sesión fallidos permitidos, o una ventana más corta) espera a un segundo administrador; endurecerlo se aplica al instante.',
    waiting:
      'Espera a que un segundo administrador lo apruebe en la cola de aprobaciones; hasta entonces siguen los límites vigentes:',
    reasonHint:
      'Obligatorio cuando se relaja un límite: el segundo administrador lo lee antes de aprobar.',
    confirm:
      '¿Guardar estos cambios? {{changes}}. Un límite relajado no se aplica ahora: espera a que un segundo administrador lo apruebe en la cola de aprobaciones.',
  },
  approvals: {
    reason: 'Motivo del cambio',
    reasonHint:
      'Obligatorio con cualquier cambio aquí: el segundo administrador lo lee antes de aprobar.',
    reasonRequired: 'Indique el motivo del cambio: el segundo administrador lo lee.',
    waiting:
      'Guardado como cambio en espera de un segundo administrador: se aplica cuando otro administrador lo apruebe en la cola de aprobaciones.',
    secondAdmin: 'Cualquier cambio aquí necesita un segundo administrador antes de aplicarse.',
    band: 'Banda de la tasa USDT (±%)',
    bandHint:
      'Un cambio de la tasa USDT mayor que esto necesita un segundo administrador. Predeterminado: 10',
    confirmBand:
      '¿Permitir que los cambios de la tasa USDT de hasta ±{{percent}}% se apliquen de inmediato?',
    expiry: 'Las solicitudes pendientes caducan tras (horas)',
    expiryHint:
      'Los pagos, liquidaciones y retiros sin decidir se rechazan tras este plazo. Predeterminado: 72',
    confirmExpiry:
      '¿Dejar que las solicitudes pendientes esperen {{hours}} horas antes de caducar?',
    currency: 'Moneda',
    threshold: 'Dos aprobadores desde',
    thresholdHint:
      'Los importes iguales o superiores necesitan dos aprobadores; 0 significa cualquier importe.',
    confirmThreshold:
      'Las salidas en {{currency}} de {{amount}} o más necesitarán dos aprobadores. ¿Guardar?',
    everyAmount: 'Predeterminado',
    edit: 'Cambiar',
    tiers: {
      title: 'Niveles de aprobación por importe',
      text: 'Por tipo y moneda, tramos de importes que necesitan uno, dos o tres aprobadores distintos. Donde un tipo y una moneda tienen tramos, sustituyen al umbral de dos aprobadores; un ajuste de saldo conserva su tercer aprobador, y un pago por API que ninguna regla de riesgo retiene sale de inmediato.',
      kinds: { payout: 'Pagos', settlement: 'Liquidaciones', withdrawal: 'Retiros' },
      kind: 'Tipo',
      bands: 'Tramos (desde → aprobadores)',
      from: 'Desde el importe',
      approvers: 'Aprobadores',
      fromOf: 'Tramo {{n}}: desde el importe',
      approversOf: 'Tramo {{n}}: aprobadores',
      remove: 'Quitar',
      removeOf: 'Quitar el tramo {{n}}',
      add: 'Añadir un tramo',
      removeAll: 'Quitar estos niveles',
      problems: {
        order: 'Debe ser mayor que el tramo anterior.',
        fewer: 'No puede necesitar menos aprobadores que el tramo anterior.',
      },
      confirm:
        'Los {{kind}} en {{currency}} necesitarán los aprobadores que dicen estos tramos cuando un segundo administrador apruebe el cambio. ¿Guardar?',
      confirmRemove:
        '¿Quitar los niveles de {{kind}} en {{currency}}? Cuando un segundo administrador lo apruebe, volverá a aplicarse el umbral de dos aprobadores.',
      waiting:
        'Cambios de niveles a la espera de un segundo administrador en la cola de aprobaciones; hasta entonces siguen los niveles vigentes:',
      none: 'Aún no hay niveles: el umbral de dos aprobadores se aplica a todos los tipos y monedas.',
    },
  },
  demo: {
    switch: 'Cambiar estado',
    included: 'Las cuentas de demostración se incluyen en las cifras del panel',
    excluded: 'Las cuentas de demostración quedan fuera de las cifras del panel',
    confirmOn: '¿Incluir las cuentas de demostración en todas las cifras del panel?',
    confirmOff: '¿Dejar fuera las cuentas de demostración de todas las cifras del panel?',
  },
};
