import type { Translation } from '../translation';

/** Spanish `profile.*` strings. */
export const profile: Translation<'es'>['profile'] = {
  details: 'Datos personales',
  email: 'Correo electrónico',
  username: 'Nombre de usuario',
  accountType: 'Tipo de cuenta',
  name: 'Nombre',
  phone: 'Teléfono',
  telegram: 'Telegram',
  telegramHint: 'Su usuario de Telegram, p. ej. @sunombre',
  language: 'Idioma',
  timezone: 'Zona horaria',
  timezones: {
    Default: 'Predeterminada (UTC)',
    Malaysia: 'Malasia (UTC+8)',
    India: 'India (UTC+5:30)',
    Vietnam: 'Vietnam (UTC+7)',
    Thailand: 'Tailandia (UTC+7)',
    Brazil: 'Brasil (UTC−3)',
    Australia: 'Australia (UTC+10)',
  },
  memberSince: 'Miembro desde',
  alerts: {
    title: 'Alertas por correo',
    text: 'Elija qué alertas le llegan por correo.',
    kinds: {
      approvals_waiting: {
        label: 'Solicitudes que esperan mi aprobación',
        hint: 'Un resumen como máximo cada 15 minutos, con las solicitudes nuevas que puede aprobar.',
      },
      gateway_health: {
        label: 'Salud de las pasarelas',
        hint: 'Cuando una regla de salud genera una alerta sobre una pasarela de pago o la desactiva.',
      },
      notify_failing: {
        label: 'Notificaciones fallidas',
        hint: 'Cuando las notificaciones a su URL de notificación fallan durante más de una hora; como máximo una vez al día.',
      },
      support_answered: {
        label: 'Solicitud de soporte respondida',
        hint: 'Cuando el equipo de soporte responde a una de sus solicitudes.',
      },
      team_changed: {
        label: 'Cambios en el equipo de administración',
        hint: 'Cuando se invita a un administrador, cambian sus módulos o su estado, o la regla de 2FA del equipo.',
      },
    },
    securityAlwaysOn:
      'Las alertas de seguridad se envían siempre y no se pueden desactivar: inicio de sesión desde una dirección nueva, contraseña cambiada, autenticación en dos pasos desactivada, clave API creada, renovada o revocada.',
  },
};
