import type { Translation } from '../translation';

/** French `feedback.*` strings. */
export const feedback: Translation<'fr'>['feedback'] = {
  field: {
    required: 'Ce champ est obligatoire.',
    tooLong: 'Utilisez au plus {{limit}} caractères.',
    tooShort: 'Utilisez au moins {{limit}} caractères.',
    email: 'Saisissez une adresse e-mail comme name@example.com.',
    password: 'Le mot de passe doit contenir {{parts}}.',
  },
  passwordParts: {
    length: 'au moins {{min}} caractères',
    lower: 'une minuscule',
    upper: 'une majuscule',
    digit: 'un chiffre',
    symbol: 'un symbole',
  },
  listSeparator: ', ',
  success: {
    dismiss: 'Fermer',
    resellerCreated: 'Le revendeur {{name}} a été créé.',
    merchantCreated: 'Le marchand {{name}} a été créé.',
    accountSaved: '{{name}} a été enregistré.',
    decision: {
      approve: 'La demande a été approuvée.',
      reject: 'La demande a été rejetée.',
      complete: 'La demande a été marquée comme terminée.',
      fail: 'La demande a été marquée comme échouée.',
    },
  },
};
