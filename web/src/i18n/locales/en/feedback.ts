/** English `feedback.*` strings: a refused field in the user's words, and success notes. */
export const feedback = {
  field: {
    required: 'This field is required.',
    tooLong: 'Use at most {{limit}} characters.',
    tooShort: 'Use at least {{limit}} characters.',
    email: 'Enter an email address such as name@example.com.',
    password: 'The password needs {{parts}}.',
  },
  passwordParts: {
    length: 'at least {{min}} characters',
    lower: 'a lower-case letter',
    upper: 'an upper-case letter',
    digit: 'a digit',
    symbol: 'a symbol',
  },
  /** Joins the parts of a list: "a, b and c". */
  listSeparator: ', ',
  success: {
    dismiss: 'Dismiss',
    resellerCreated: 'Reseller {{name}} was created.',
    merchantCreated: 'Merchant {{name}} was created.',
    accountSaved: '{{name}} was saved.',
    decision: {
      approve: 'The request was approved.',
      reject: 'The request was rejected.',
      complete: 'The request was marked as completed.',
      fail: 'The request was marked as failed.',
    },
  },
};
