import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * USDT wallet addresses (one rule for the server's saved wallets and the risk lists'
 * `wallet` entries): TRON's base58check and Ethereum's EIP-55 checksums. Pure, so the
 * contract, the server and the web share it.
 */

/** The networks a merchant's USDT wallet address may be on. */
export const USDT_NETWORKS = ['TRC-20', 'ERC-20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/**
 * The shape of an address on each network (the server also checks TRC-20's base58check
 * checksum and, for a mixed-case ERC-20 address, its EIP-55 checksum).
 */
export const USDT_ADDRESS_PATTERNS: Readonly<Record<UsdtNetwork, RegExp>> = {
  'TRC-20': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  'ERC-20': /^0x[0-9a-fA-F]{40}$/,
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A TRON address: version byte 0x41, 20 bytes of address, 4 bytes of checksum. */
const TRON_BYTES = 25;
const TRON_VERSION = 0x41;

/** The bytes of base58 `text` (leading '1's are zero bytes), or null when not base58. */
function decodeBase58(text: string): Uint8Array | null {
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  for (; value > 0n; value >>= 8n) body.unshift(Number(value & 0xffn));
  const zeros = /^1*/.exec(text)![0].length;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

/** Whether `address` is a TRON (TRC-20) address with a correct base58check checksum. */
function isTronAddress(address: string): boolean {
  const bytes = decodeBase58(address);
  if (!bytes || bytes.length !== TRON_BYTES || bytes[0] !== TRON_VERSION) return false;
  const check = sha256(sha256(bytes.subarray(0, TRON_BYTES - 4)));
  return check.subarray(0, 4).every((b, i) => b === bytes[TRON_BYTES - 4 + i]);
}

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Whether a mixed-case Ethereum address carries a correct EIP-55 checksum: each letter is
 * upper case exactly when the matching nibble of keccak-256(lower-case hex) is 8 or more.
 * An all-lower or all-upper address carries no checksum and passes.
 */
function hasValidEip55Checksum(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = hexOf(keccak_256(new TextEncoder().encode(hex.toLowerCase())));
  for (let i = 0; i < hex.length; i++) {
    const ch = hex[i]!;
    if (!/[a-f]/i.test(ch)) continue;
    const upper = parseInt(hash[i]!, 16) >= 8;
    if ((ch === ch.toUpperCase()) !== upper) return false;
  }
  return true;
}

/**
 * Why `address` is not a USDT address on `network`, as the end of a sentence starting with
 * the field's name, or null when it is one.
 */
export function walletAddressProblem(network: UsdtNetwork, address: string): string | null {
  if (network === 'TRC-20') {
    if (!USDT_ADDRESS_PATTERNS['TRC-20'].test(address))
      return 'must be a TRC-20 address: T followed by 33 base58 characters';
    if (!isTronAddress(address)) return 'is not a valid TRC-20 address (its checksum is wrong)';
    return null;
  }
  if (!USDT_ADDRESS_PATTERNS['ERC-20'].test(address))
    return 'must be an ERC-20 address: 0x followed by 40 hexadecimal characters';
  if (!hasValidEip55Checksum(address))
    return 'is not a valid ERC-20 address (its mixed-case checksum is wrong)';
  return null;
}
