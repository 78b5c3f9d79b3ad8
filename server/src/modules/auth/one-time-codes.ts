import type { CallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import type { AccountRow } from '../accounts/accounts.service';
import { queueSecurityAlert } from '../mail/mail.service';
import { verifySecondFactor } from './second-factor';
import { assertSignInAllowed, recordSignInFailure } from './sign-in-limits';
import { matchTotpStep } from './totp';

/**
 * Which code is asked: the second factor of an account with 2FA on (a TOTP code, and a recovery
 * code where `allowRecoveryCode`), or, while turning 2FA on, the code of the secret just set up.
 */
export type CodeAsked =
  | { readonly secret: 'enabled'; readonly allowRecoveryCode: boolean }
  | { readonly secret: 'pending' };

/** A code accepted: how, and the TOTP time step it matched (null for a recovery code). */
export interface CodeAccepted {
  readonly how: 'totp' | 'recovery';
  readonly step: number | null;
}

/** The one name each account's failures are counted under: its email, as sign-in counts it. */
const failureIdentifier = (account: AccountRow) =>
  account.email.toLowerCase() || `account:${account.id}`;

async function matchCode(
  tx: Queryable,
  account: AccountRow,
  code: string,
  asked: CodeAsked,
): Promise<CodeAccepted | null> {
  if (asked.secret === 'pending') {
    const step = account.otp_pending_secret
      ? matchTotpStep(account.otp_pending_secret, code)
      : null;
    return step === null ? null : { how: 'totp', step };
  }
  const how = await verifySecondFactor(tx, account, code, asked);
  return how ? { how, step: null } : null;
}

/**
 * The one rule for every one-time code the product asks for (sign-in's 2FA step, turning 2FA
 * on or off, new recovery codes): a wrong code is a failed sign-in of its account, counted in
 * `sign_in_failures` for the account's email and the client address, in the sign-in's window
 * and limits (docs/security.md, Rate limiting). Once either limit is spent it answers 429 with
 * the sign-in's words before looking at the code, so even a right code waits for the window.
 * The wrong code that spends the account's limit queues the `too_many_wrong_codes` security
 * alert to the owner. Call inside the transaction that acts on the answer, with the account
 * row locked (so one account's checks take turns), and commit it when the code is wrong: the
 * failure must count although the call fails.
 */
export async function checkOneTimeCode(
  tx: Queryable,
  origin: Pick<CallContext, 'clientIp' | 'config'>,
  account: AccountRow,
  code: string,
  asked: CodeAsked,
): Promise<CodeAccepted | null> {
  const identifier = failureIdentifier(account);
  const failures = await assertSignInAllowed(tx, identifier, origin.clientIp, origin.config);
  const accepted = await matchCode(tx, account, code, asked);
  if (accepted) return accepted;
  await recordSignInFailure(tx, identifier, origin.clientIp);
  if (failures.count + 1n >= failures.limit) {
    await queueSecurityAlert(tx, origin.config, account.id, 'too_many_wrong_codes', {
      at: new Date(),
      clientIp: origin.clientIp,
    });
  }
  return null;
}
