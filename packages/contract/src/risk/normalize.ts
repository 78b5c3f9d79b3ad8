import { USDT_ADDRESS_PATTERNS, walletAddressProblem } from '../wallet-address';
import { formatIpRange, parseIpRange } from './ip-address';
import type { RiskKeyType } from './vocabulary';

/**
 * One normaliser per risk key type (docs/risk.md, "Lists"): a list entry's value, an import
 * line's and (later) an intake's fact are written the same way before they are compared, so
 * `Alice@Example.com ` and `alice@example.com` are one entry. Each answers the canonical
 * value or a problem, the end of a sentence that starts with the field's name.
 */
export type Normalized = { readonly value: string } | { readonly problem: string };

/** The longest value each key type takes (an order id is 120 characters in the merchant API). */
export const RISK_VALUE_MAX_CHARS: Readonly<Record<RiskKeyType, number>> = {
  email: 254,
  customer_id: 128,
  customer_ip: 43,
  source_ip: 43,
  bank_account: 34,
  wallet: 42,
  order_id: 120,
};

const ok = (value: string): Normalized => ({ value });
const problem = (text: string): Normalized => ({ problem: text });

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Lower case, trimmed; one `@` with something before it and a dotted domain after it. */
export function normalizeEmail(raw: string): Normalized {
  const value = raw.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    return problem('must be an email address such as name@example.com');
  return ok(value);
}

/** Trimmed, without control characters. */
export function normalizeCustomerId(raw: string): Normalized {
  const value = raw.trim();
  if (CONTROL.test(value)) return problem('must not contain control characters');
  return ok(value);
}

/** An address or a prefix, canonical (`ip-address.ts`). */
export function normalizeIp(raw: string): Normalized {
  const range = parseIpRange(raw.trim());
  return typeof range === 'string' ? problem(range) : ok(formatIpRange(range));
}

/** Without spaces and dashes, letters in upper case: 4 to 34 letters and digits (an IBAN's most). */
export function normalizeBankAccount(raw: string): Normalized {
  const value = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{4,34}$/.test(value))
    return problem('must be 4 to 34 letters and digits (spaces and dashes are left out)');
  return ok(value);
}

/**
 * A USDT address, its network told by its shape: TRC-20 as written (base58 is case-sensitive),
 * ERC-20 in lower case once its checksum (if mixed-case) is right.
 */
export function normalizeWallet(raw: string): Normalized {
  const value = raw.trim();
  const network = USDT_ADDRESS_PATTERNS['ERC-20'].test(value) ? 'ERC-20' : 'TRC-20';
  if (network === 'TRC-20' && !value.startsWith('T'))
    return problem('must be a TRC-20 (T…) or ERC-20 (0x…) USDT address');
  const wrong = walletAddressProblem(network, value);
  if (wrong) return problem(wrong);
  return ok(network === 'ERC-20' ? value.toLowerCase() : value);
}

/**
 * An order-id pattern: `*` stands for any run of characters, `?` for one, everything else for
 * itself (no regex). Runs of `*` are one; a pattern needs at least one other character, so no
 * entry matches every order.
 */
export function normalizeOrderIdGlob(raw: string): Normalized {
  const value = raw.trim().replace(/\*{2,}/g, '*');
  if (CONTROL.test(value) || /\s/.test(value))
    return problem('must not contain spaces or control characters');
  if (!/[^*]/.test(value) || /^[*?]+$/.test(value))
    return problem('must contain a character besides * and ?');
  return ok(value);
}

const NORMALIZERS: Readonly<Record<RiskKeyType, (raw: string) => Normalized>> = {
  email: normalizeEmail,
  customer_id: normalizeCustomerId,
  customer_ip: normalizeIp,
  source_ip: normalizeIp,
  bank_account: normalizeBankAccount,
  wallet: normalizeWallet,
  order_id: normalizeOrderIdGlob,
};

/**
 * The canonical value of `raw` for `keyType`, or why it is not one: empty and too long are
 * refused first, then the key type's own rule.
 */
export function normalizeRiskValue(keyType: RiskKeyType, raw: string): Normalized {
  const max = RISK_VALUE_MAX_CHARS[keyType];
  if (raw.trim() === '') return problem('is required');
  if (raw.trim().length > max) return problem(`must be at most ${max} characters`);
  const answer = NORMALIZERS[keyType](raw);
  if ('value' in answer && answer.value.length > max)
    return problem(`must be at most ${max} characters`);
  return answer;
}

/** Whether an order id matches a glob (`normalizeOrderIdGlob`), by a linear two-pointer walk. */
export function globMatches(glob: string, text: string): boolean {
  let [g, t] = [0, 0];
  let [star, mark] = [-1, 0];
  while (t < text.length) {
    const c = glob[g];
    if (c === '?' || (c !== undefined && c !== '*' && c === text[t])) [g, t] = [g + 1, t + 1];
    else if (c === '*') [star, mark, g] = [g, t, g + 1];
    else if (star >= 0) [g, t, mark] = [star + 1, mark + 1, mark + 1];
    else return false;
  }
  while (glob[g] === '*') g++;
  return g === glob.length;
}
