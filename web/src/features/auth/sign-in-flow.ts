import {
  isChallenge,
  REFUSAL_REASONS,
  signInChallenge,
  type SignInChallenge,
  type SignInResult,
} from '@bo/contract';
import type { ApiError } from '../../lib/api-error';
import { takeIntendedPath } from '../../lib/intended-path';
import { startSession } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { changeLanguage } from '../../i18n';
import { applyCachedLayoutSettings } from '../../lib/layout-settings';

/** The step page the server's challenge leads to. */
export function pathOfStep(challenge: SignInChallenge): string {
  if (challenge.next_step === 'otp_verify') return '/account/security/2fa/verify';
  if (challenge.next_step === 'otp_setup') return '/account/security/2fa/setup';
  return `/account/${challenge.account_type}/security/update-new-password`;
}

/** The pending challenge, kept in sessionStorage so a reload of the step page keeps it. */
export function readChallenge(): SignInChallenge | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.signInChallenge) ?? 'null');
    const parsed = signInChallenge.safeParse(raw);
    if (!parsed.success || Date.parse(parsed.data.expires_at) < Date.now()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/**
 * Continues sign-in with what the server answered: another step (remember it, open its page) or
 * a session (store the user, apply their language and layout, open the path they asked for).
 * Returns the path to go to.
 */
export async function continueSignIn(result: SignInResult): Promise<string> {
  if (isChallenge(result)) {
    sessionStorage.setItem(STORAGE_KEYS.signInChallenge, JSON.stringify(result));
    return pathOfStep(result);
  }
  sessionStorage.removeItem(STORAGE_KEYS.signInChallenge);
  await Promise.all([
    applyCachedLayoutSettings(result.username),
    startSession(result),
    changeLanguage(result.lang),
  ]);
  return takeIntendedPath();
}

/** Whether a refused sign-in was refused for its address (the login-IP whitelist). */
export function isAddressRefusal(failure: ApiError): boolean {
  return failure.reason === REFUSAL_REASONS.loginIpNotAllowed;
}
