/**
 * IP addresses and prefixes as risk lists keep them (docs/risk.md, "Lists"): parsed without
 * a library (the contract imports zod only), written in one canonical form so the same
 * address is always the same list value. IPv4 in dotted decimal without leading zeros; IPv6
 * as RFC 5952 writes it (lower case, no leading zeros, the longest run of zero groups as
 * `::`); an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is the IPv4 address it maps.
 */

export type IpVersion = 4 | 6;

/** An address or a prefix: its bits as a number, and how many lead (32/128 for one address). */
export interface IpRange {
  readonly version: IpVersion;
  readonly value: bigint;
  readonly prefix: number;
}

export const IP_BITS: Readonly<Record<IpVersion, number>> = { 4: 32, 6: 128 };

/** The bits of a dotted IPv4 address, or null. */
function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

/** The 16-bit groups of one side of `::` (an IPv4 tail is two groups), or null. */
function groupsOf(side: string, last: boolean): number[] | null {
  if (side === '') return [];
  const groups: number[] = [];
  const parts = side.split(':');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (last && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (v4 === null) return null;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) groups.push(parseInt(part, 16));
    else return null;
  }
  return groups;
}

/** The bits of an IPv6 address, or null. */
function parseIpv6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1]!, true) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [
    ...head,
    ...new Array<number>(halves.length === 2 ? missing : 0).fill(0),
    ...tail,
  ];
  return groups.reduce((v, g) => (v << 16n) | BigInt(g), 0n);
}

const MAPPED_V4 = 0xffffn << 32n;

/** An address's version and bits (an IPv4-mapped IPv6 address is its IPv4), or null. */
export function parseIpAddress(text: string): { version: IpVersion; value: bigint } | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = text.includes(':') ? parseIpv6(text) : null;
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & ~MAPPED_V4 };
  return { version: 6, value: v6 };
}

/** The canonical text of an address. */
export function formatIpAddress(version: IpVersion, value: bigint): string {
  if (version === 4)
    return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((value >> BigInt(112 - 16 * i)) & 0xffffn),
  );
  // The longest run of two or more zero groups (the first of equal ones) becomes `::`.
  let [bestAt, bestLength] = [-1, 1];
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestAt, bestLength] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestAt < 0) return hex.join(':');
  return `${hex.slice(0, bestAt).join(':')}::${hex.slice(bestAt + bestLength).join(':')}`;
}

/** The first and last address of a range. */
export function rangeBounds(range: IpRange): { first: bigint; last: bigint } {
  const hostBits = BigInt(IP_BITS[range.version] - range.prefix);
  const hostMask = (1n << hostBits) - 1n;
  return { first: range.value & ~hostMask, last: range.value | hostMask };
}

/**
 * An address (`192.0.2.1`, `2001:db8::1`) or a prefix (`203.0.113.0/24`, `2001:db8::/32`),
 * or why not. A prefix's host bits must be zero (so the entry says what it covers).
 */
export function parseIpRange(text: string): IpRange | string {
  const [address, length, ...rest] = text.split('/');
  if (rest.length) return 'must be an IP address or a prefix such as 203.0.113.0/24';
  const parsed = parseIpAddress(address!);
  if (!parsed) return 'must be an IPv4 or IPv6 address, or a prefix such as 203.0.113.0/24';
  const bits = IP_BITS[parsed.version];
  if (length === undefined) return { ...parsed, prefix: bits };
  // A mapped IPv6 prefix counts its bits past the 96 that say "IPv4".
  const mapped = parsed.version === 4 && address!.includes(':');
  const given = /^\d{1,3}$/.test(length) ? Number(length) - (mapped ? 96 : 0) : -1;
  if (given < 0 || given > bits) return `must have a prefix length from 0 to ${bits}`;
  const range = { ...parsed, prefix: given };
  const { first } = rangeBounds(range);
  if (first !== parsed.value)
    return `has bits set past its prefix: the network is ${formatIpAddress(parsed.version, first)}/${given}`;
  return range;
}

/** The canonical text of a range: a plain address when it covers one. */
export const formatIpRange = (range: IpRange): string =>
  range.prefix === IP_BITS[range.version]
    ? formatIpAddress(range.version, range.value)
    : `${formatIpAddress(range.version, range.value)}/${range.prefix}`;
