import { z } from 'zod';
import { ACCOUNT_TYPES, LANGUAGES, MODULES, TIMEZONE_CHOICES } from '../accounts';
import { RULES } from '../access';
import { defineCall, emailField, emptyRequest, formText, passwordField } from './define';

/** The stored user of spec section 3, as `login` and the sign-in steps return it. */
export const storedUser = z.object({
  token: z.string(),
  access_token: z.string(),
  username: z.string(),
  phone: z.string(),
  name: z.string(),
  lang: z.enum(LANGUAGES),
  modules: z.array(z.object({ name: z.enum(MODULES) })),
  account_type: z.enum(ACCOUNT_TYPES),
  otp_enabled: z.union([z.literal(0), z.literal(1)]),
  reseller_info: z.object({ account_db_code: z.string() }),
  telegram_id: z.string(),
  loanStatus: z.number(),
  is_sub_account: z.union([z.literal(0), z.literal(1)]),
});
export type StoredUser = z.infer<typeof storedUser>;

/**
 * Sign-in steps the server may ask for before it gives a session. `otp_setup`: the team must
 * use 2FA (issue 40, `setTeamTwoFactor`) and this admin has none yet.
 */
export const SIGN_IN_STEPS = ['otp_verify', 'password_change', 'otp_setup'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

export const signInChallenge = z.object({
  next_step: z.enum(SIGN_IN_STEPS),
  challenge_token: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  expires_at: z.string(),
});
export type SignInChallenge = z.infer<typeof signInChallenge>;

/** What a sign-in step answers: a session (the stored user) or the next step. */
export const signInResult = z.union([storedUser, signInChallenge]);
export type SignInResult = z.infer<typeof signInResult>;

export const isChallenge = (r: SignInResult): r is SignInChallenge => 'next_step' in r;

export const login = defineCall({
  name: 'login',
  request: z.object({ email: emailField, password: passwordField }),
  response: signInResult,
  rule: RULES.guest,
});

export const verifyLoginOtp = defineCall({
  name: 'verifyLoginOtp',
  request: z.object({
    challengeToken: formText(200),
    code: formText(40),
  }),
  response: signInResult,
  rule: RULES.guest,
});

export const updateNewPassword = defineCall({
  name: 'updateNewPassword',
  request: z.object({ challengeToken: formText(200), newPassword: passwordField }),
  response: signInResult,
  rule: RULES.guest,
});

/** The `otp_setup` step's first half: a new secret for the challenge's account, as a QR code. */
export const beginLoginOtpSetup = defineCall({
  name: 'beginLoginOtpSetup',
  request: z.object({ challengeToken: formText(200) }),
  response: z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() }),
  rule: RULES.guest,
});

/**
 * The `otp_setup` step's second half: a code of the new secret turns 2FA on and goes on (a
 * session, usually); the recovery codes are shown once.
 */
export const enableLoginOtp = defineCall({
  name: 'enableLoginOtp',
  request: z.object({ challengeToken: formText(200), code: formText(40) }),
  response: z.object({ recovery_codes: z.array(z.string()), result: signInResult }),
  rule: RULES.guest,
});

export const profile = z.object({
  email: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  telegram_id: z.string(),
  lang: z.enum(LANGUAGES),
  timezone: z.enum(TIMEZONE_CHOICES),
  account_db_code: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  otp_enabled: z.union([z.literal(0), z.literal(1)]),
  login_ip_enabled: z.union([z.literal(0), z.literal(1)]),
  layout_settings: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const userFullData = storedUser.omit({ token: true, access_token: true }).extend({
  merchant_info: z.object({ account_db_code: z.string() }),
  login_ip_enabled: z.union([z.literal(0), z.literal(1)]),
  profileInfo: profile,
});

export const getUserFullData = defineCall({
  name: 'getUserFullData',
  request: emptyRequest,
  response: userFullData,
  rule: RULES.anyUser,
});

export const logout = defineCall({
  name: 'logout',
  request: emptyRequest,
  response: z.object({}),
  rule: RULES.anyUser,
});

/**
 * Forgot password (spec §7): mails a reset link when the email is an active account's. The
 * answer is the same, after about the same time, whether or not it is.
 */
export const requestPasswordReset = defineCall({
  name: 'requestPasswordReset',
  request: z.object({ email: emailField }),
  response: z.object({}),
  rule: RULES.guest,
});

/** Sets a new password with the token of a reset link (single use, 30 minutes). */
export const resetPassword = defineCall({
  name: 'resetPassword',
  request: z.object({ token: formText(200), password: passwordField }),
  response: z.object({}),
  rule: RULES.guest,
});
