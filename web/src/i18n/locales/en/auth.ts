/** English `auth.*` strings. */
export const auth = {
  welcome: 'Welcome back!',
  signInSubtitle: 'Sign in to continue to the back office.',
  email: 'Email',
  emailPlaceholder: 'Enter your email',
  password: 'Password',
  passwordPlaceholder: 'Enter your password',
  showPassword: 'Show password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  otpTitle: 'Two-step verification',
  otpText: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  otpCode: 'Verification code',
  verify: 'Verify',
  newPasswordTitle: 'Set a new password',
  newPasswordText: 'For your security, choose a new password before you continue.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordsDiffer: 'The two passwords differ.',
  updatePassword: 'Update password',
  noChallenge: 'This step has expired or was not started. Please sign in again.',
  otpSetupTitle: 'Two-factor authentication',
  otpSetupText:
    'Two-factor authentication is set up from your account once you are signed in: open Security, choose Set up, scan the QR code and confirm a code.',
  loginIpTitle: 'Whitelisted login IP',
  loginIpText:
    'Your account accepts sign-ins only from whitelisted IP addresses. If this address is refused, ask your account manager to add it, or sign in from a whitelisted address and add it under Profile.',
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  forgotText:
    'Enter the email of your account. If it has one, we send a link to set a new password.',
  sendLink: 'Send the link',
  sentTitle: 'Check your mail',
  sentText:
    'If an account has this email, a link to set a new password is on its way. It works once, for 30 minutes.',
  resetTitle: 'Set a new password',
  resetText:
    'Choose the new password of your account. You will sign in with it, then 2FA if it is on.',
  resetDone: 'Your password is set. Sign in with it.',
  signInNow: 'Sign in',
  missingToken: 'This link is incomplete. Open the link of the mail again, or ask for a new one.',
  askAgain: 'Ask for a new link',
};
