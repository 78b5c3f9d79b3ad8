import type { Translation } from '../translation';

/** Spanish strings of the team screen (/admin-team) and the 2FA set-up the team may require. */
export const team: Translation<'es'>['team'] = {
  intro:
    'Los administradores del back office: invite a uno por correo (el correo establece su contraseña), elija sus módulos, desactívelo y vea quién usa la autenticación en dos pasos.',
  invite: 'Invitar a un administrador',
  columns: {
    admin: 'Administrador',
    modules: 'Módulos',
    twoFactor: '2FA',
    status: 'Estado',
    actions: 'Acciones',
  },
  you: 'usted',
  invited: 'Invitación enviada',
  twoFactorOn: 'Activada',
  twoFactorOff: 'Desactivada',
  status: { active: 'Activo', disabled: 'Desactivado' },
  editModules: 'Módulos',
  deactivate: 'Desactivar',
  activate: 'Activar',
  rule: {
    title: 'Autenticación en dos pasos para todo el equipo',
    text: 'Si está activa, un administrador sin 2FA la configura en su próximo inicio de sesión antes de entrar.',
    required: 'Obligatoria para cada administrador',
    confirmOn:
      '¿Exigir la autenticación en dos pasos a cada administrador? Quienes no la tengan la configurarán en su próximo inicio de sesión.',
    confirmOff: '¿Dejar de exigir la autenticación en dos pasos a cada administrador?',
    offWaiting:
      'El fin de esta regla espera la aprobación de un segundo administrador (ver abajo).',
    switch: 'Cambiar',
    withoutCount_one: '{{count}} administrador activo aún no tiene 2FA.',
    withoutCount_many: '{{count}} administradores activos aún no tienen 2FA.',
    withoutCount_other: '{{count}} administradores activos aún no tienen 2FA.',
  },
  guarded: {
    activateTitle: 'Activar de nuevo a {{name}}',
    activateText:
      'Podría volver a iniciar sesión con su contraseña. Esto espera a que otro administrador lo apruebe en la cola de aprobaciones.',
    ruleOffText:
      'Los administradores sin 2FA podrían entonces iniciar sesión solo con contraseña. Esto espera a que otro administrador lo apruebe en la cola de aprobaciones.',
    reasonHint: 'Otro administrador lo lee antes de aprobar.',
    ask: 'Pedir a un segundo administrador',
  },
  form: {
    inviteTitle: 'Invitar a un administrador',
    modulesTitle: 'Módulos de {{name}}',
    email: 'Correo electrónico',
    emailHint:
      'La invitación llega aquí; su enlace establece la contraseña y funciona durante 3 días.',
    username: 'Nombre de usuario',
    name: 'Nombre',
    modules: 'Módulos',
    needsModule: 'Elija al menos un módulo.',
    reason: 'Motivo para el segundo administrador',
    reasonHint:
      'Invitar a un administrador o darle un módulo espera a que otro administrador lo apruebe en la cola de aprobaciones; leerá este motivo.',
    reasonNeeded: 'Diga por qué: otro administrador lo lee antes de aprobar.',
    send: 'Enviar invitación',
    save: 'Guardar módulos',
    ownAdministrator: 'No puede quitarse su propio módulo administrator.',
  },
  confirm: {
    deactivate:
      '¿Desactivar a {{name}}? Sus sesiones terminan de inmediato y no podrá iniciar sesión hasta que se active de nuevo.',
  },
  done: {
    inviteWaiting: 'La invitación de {{email}} espera la aprobación de un segundo administrador.',
    modules: 'Módulos de {{name}} guardados.',
    modulesWaiting:
      'Los nuevos módulos de {{name}} esperan la aprobación de un segundo administrador.',
    deactivated: '{{name}} desactivado; sus sesiones terminaron.',
    activateWaiting:
      'Activar de nuevo a {{name}} espera la aprobación de un segundo administrador.',
    ruleOffWaiting: 'El fin de la regla 2FA espera la aprobación de un segundo administrador.',
    ruleOn: 'La autenticación en dos pasos es ahora obligatoria para cada administrador.',
  },
  pending: {
    title: 'Esperando a un segundo administrador',
    requestedBy: 'pedido por {{name}}',
  },
  empty: 'Aún no hay administradores.',
  setup: {
    title: 'Configure la autenticación en dos pasos',
    text: 'Su equipo exige la autenticación en dos pasos. Configúrela para terminar de iniciar sesión.',
    start: 'Mostrar el código QR',
    scan: 'Escanee el código QR con una app de autenticación, o escriba la clave en ella, y luego introduzca el código de 6 dígitos que muestra.',
    secret: 'Clave',
    code: 'Código de la app',
    confirm: 'Activar e iniciar sesión',
    codesTitle: 'Sus códigos de recuperación',
    codesText:
      'Guárdelos en un lugar seguro: cada uno le permite entrar una vez si pierde su teléfono. Solo se muestran ahora.',
    continue: 'Continuar',
  },
};
