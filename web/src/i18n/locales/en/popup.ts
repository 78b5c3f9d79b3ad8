/** English `popup.*` strings. */
export const popup = {
  oopsTitle: 'Oops...',
  done: 'Done',
  twoFactorTitle: 'Two-Factor Authentication',
  twoFactorText: "Increase your account's security by enabling two-factor authentication (2FA).",
  enable: 'Enable',
};
