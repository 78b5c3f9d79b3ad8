import type { Translation } from '../translation';

/** Spanish strings of the gateway routing profiles screen (/payment-gateway/routing, issue 43). */
export const routing: Translation<'es'>['routing'] = {
  intro:
    'Un perfil de enrutamiento elige la pasarela de cada cobro o pago de su dirección y moneda. El perfil activo más específico enruta un pago: el del comercio, si no el de su revendedor, si no el de la plataforma. Cada cambio espera a un segundo administrador.',
  newProfile: 'Nuevo perfil',
  newVersion: 'Nueva versión',
  newVersionOf: 'Nueva versión de {{place}}',
  filters: {
    direction: 'Dirección',
    currency: 'Moneda',
    anyDirection: 'Todas las direcciones',
    anyCurrency: 'Todas las monedas',
  },
  directions: { payin: 'Cobro', payout: 'Pago' },
  scopes: { platform: 'Plataforma', reseller: 'Revendedor', merchant: 'Comercio' },
  columns: {
    direction: 'Dirección',
    currency: 'Moneda',
    scope: 'Ámbito',
    version: 'Versión',
    state: 'Estado',
    steps: 'Pasos',
    updatedAt: 'Actualizado',
    actions: 'Acciones',
  },
  state: { active: 'Activo', off: 'Desactivado', waiting: 'Cambio pendiente' },
  empty:
    'Aún no hay perfiles de enrutamiento: cada pago se reparte de forma estable entre las pasarelas activas de su moneda.',
  emptyFiltered: 'Ningún perfil de enrutamiento coincide con estos filtros.',
  summary: {
    rules: 'Reglas ({{rules}})',
    split: 'Reparto {{parts}}',
    splitPart: '{{gateway}} {{percent}}\u00a0%',
    successRate: 'Mejor tasa de éxito en {{window}}\u00a0min, explorando {{explore}}\u00a0%',
    unreadable: 'La definición no se puede leer',
  },
  pending: {
    title: 'Cambios de perfiles de enrutamiento a la espera de un segundo administrador',
    asked: 'pedido por {{name}} el {{at}}',
  },
  editor: {
    titleNew: 'Nuevo perfil de enrutamiento',
    direction: 'Dirección',
    currency: 'Moneda',
    scope: 'Ámbito',
    accountCode: 'Código de la cuenta',
    accountCodeHint: 'El código del revendedor o del comercio, por ejemplo MER00001.',
    definition: 'Definición (JSON)',
    definitionHint:
      'Los pasos en orden, cada uno rules, split o successRate; cada pasarela debe ser una pasarela activa de la moneda.',
    problems: 'La definición tiene estos problemas:',
    active: 'Enruta pagos (desactivado: enruta el siguiente perfil menos específico)',
    reason: 'Motivo',
    reasonHint: 'El segundo administrador lo lee antes de aprobar.',
    reasonNeeded: 'Indique el motivo que leerá el segundo administrador',
    accountNeeded: 'Indique el código del revendedor o del comercio',
    send: 'Pedir aprobación',
    confirm:
      '¿Pedir a un segundo administrador que ponga en vigor este perfil de enrutamiento para {{place}}?',
    done: 'El perfil de enrutamiento para {{place}} espera la aprobación de un segundo administrador en la cola de aprobaciones.',
  },
  simulation: {
    run: 'Simular sobre los últimos {{days}} días',
    none: {
      payin: 'Ningún cobro de los últimos {{days}} días lo habría enrutado este perfil.',
      payout: 'Ningún pago de los últimos {{days}} días lo habría enrutado este perfil.',
    },
    summary: {
      payin:
        'En los últimos {{days}} días este perfil habría enrutado {{payments}} cobros; {{moved}} habrían ido a otra pasarela.',
      payout:
        'En los últimos {{days}} días este perfil habría enrutado {{payments}} pagos; {{moved}} habrían ido a otra pasarela. Los depósitos no se reproducen: cada pago va donde elige el perfil, fuera cual fuera el depósito de la pasarela entonces.',
    },
    totals:
      'Éxito: {{actualSuccess}} entonces, {{expectedSuccess}} esperado. Costo de pasarelas: {{actualCost}} entonces, {{simulatedCost}} con este perfil ({{currency}}).',
    caption: 'Últimos {{days}} días: lo que pasó y lo que habría hecho este perfil',
    gateway: 'Pasarela',
    actualShare: 'Cuota entonces',
    simulatedShare: 'Cuota con el perfil',
    actualSuccess: 'Éxito entonces',
    expectedSuccess: 'Éxito esperado',
    actualCost: 'Costo entonces',
    simulatedCost: 'Costo con el perfil',
  },
};
