import type { Translation } from '../translation';

/** Spanish `feedback.*` strings. */
export const feedback: Translation<'es'>['feedback'] = {
  field: {
    required: 'Este campo es obligatorio.',
    tooLong: 'Use como máximo {{limit}} caracteres.',
    tooShort: 'Use al menos {{limit}} caracteres.',
    email: 'Introduzca un correo electrónico como name@example.com.',
    password: 'La contraseña necesita {{parts}}.',
  },
  passwordParts: {
    length: 'al menos {{min}} caracteres',
    lower: 'una minúscula',
    upper: 'una mayúscula',
    digit: 'un dígito',
    symbol: 'un símbolo',
  },
  listSeparator: ', ',
  success: {
    dismiss: 'Cerrar',
    resellerCreated: 'Se creó el revendedor {{name}}.',
    merchantCreated: 'Se creó el comercio {{name}}.',
    accountSaved: 'Se guardó {{name}}.',
    decision: {
      approve: 'La solicitud fue aprobada.',
      reject: 'La solicitud fue rechazada.',
      complete: 'La solicitud se marcó como completada.',
      fail: 'La solicitud se marcó como fallida.',
    },
  },
};
