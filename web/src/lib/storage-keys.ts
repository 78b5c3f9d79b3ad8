/** Every key the web app keeps in browser storage, so clearing and tests can name them. */
export const STORAGE_KEYS = {
  /** localStorage: the encrypted stored user (spec section 3). */
  user: 'bo.user',
  /** localStorage: the last chosen language, for the sign-in pages before anyone signs in. */
  language: 'bo.lang',
  /** localStorage prefix: layout settings cached per username, applied before the server answers. */
  layoutPrefix: 'bo.layout.',
  /** localStorage prefix: a list's column choice (hidden, order) per username and list. */
  listColumnsPrefix: 'bo.listColumns.',
  /** sessionStorage: the path a signed-out visitor asked for, opened after sign-in. */
  intendedPath: 'bo.intendedPath',
  /** sessionStorage: the pending sign-in step the server asked for. */
  signInChallenge: 'bo.signInChallenge',
} as const;

/** IndexedDB database holding the non-extractable AES-GCM key of the stored user. */
export const KEY_DATABASE = { name: 'bo-secure-storage', store: 'keys', keyId: 'stored-user' };
