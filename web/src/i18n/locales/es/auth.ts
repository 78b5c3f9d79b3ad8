import type { Translation } from '../translation';

/** Spanish `auth.*` strings. */
export const auth: Translation<'es'>['auth'] = {
  welcome: '¡Bienvenido de nuevo!',
  signInSubtitle: 'Inicie sesión para continuar al back office.',
  email: 'Correo electrónico',
  emailPlaceholder: 'Introduzca su correo electrónico',
  password: 'Contraseña',
  passwordPlaceholder: 'Introduzca su contraseña',
  showPassword: 'Mostrar contraseña',
  signIn: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',
  otpTitle: 'Verificación en dos pasos',
  otpText:
    'Introduzca el código de 6 dígitos de su aplicación de autenticación o uno de sus códigos de recuperación.',
  otpCode: 'Código de verificación',
  verify: 'Verificar',
  newPasswordTitle: 'Establecer una nueva contraseña',
  newPasswordText: 'Por su seguridad, elija una nueva contraseña antes de continuar.',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirmar la nueva contraseña',
  passwordsDiffer: 'Las dos contraseñas no coinciden.',
  updatePassword: 'Actualizar contraseña',
  noChallenge: 'Este paso ha caducado o no se inició. Vuelva a iniciar sesión.',
  otpSetupTitle: 'Autenticación de dos factores',
  otpSetupText:
    'La autenticación de dos factores se configura desde su cuenta una vez iniciada la sesión: abra Seguridad, elija Configurar, escanee el código QR y confirme un código.',
  loginIpTitle: 'IP de acceso autorizada',
  loginIpText:
    'Su cuenta solo acepta accesos desde direcciones IP autorizadas. Si esta dirección es rechazada, pida a su gestor que la añada, o inicie sesión desde una dirección autorizada y añádala en Perfil.',
  forgotLink: '¿Olvidó su contraseña?',
  forgotTitle: '¿Olvidó su contraseña?',
  forgotText:
    'Escriba el correo de su cuenta. Si tiene una, le enviamos un enlace para establecer una nueva contraseña.',
  sendLink: 'Enviar el enlace',
  sentTitle: 'Revise su correo',
  sentText:
    'Si una cuenta tiene este correo, le llega un enlace para establecer una nueva contraseña. Funciona una vez, durante 30 minutos.',
  resetTitle: 'Establecer una nueva contraseña',
  resetText:
    'Elija la nueva contraseña de su cuenta. Iniciará sesión con ella y luego con 2FA si está activa.',
  resetDone: 'Su contraseña está establecida. Inicie sesión con ella.',
  signInNow: 'Iniciar sesión',
  missingToken: 'Este enlace está incompleto. Abra de nuevo el enlace del correo o pida uno nuevo.',
  askAgain: 'Pedir un nuevo enlace',
};
