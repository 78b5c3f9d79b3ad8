import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config/config';

/**
 * The one table of where notifications may not go, and the one way of saying so. Read by the
 * check of a saved notify URL, of a merchant API request's `notify_url`, and of the address a
 * delivery connects to (`notify-url-check.ts`, `guarded-lookup.ts`); docs/security.md.
 */

/** Why an address may not receive notifications. */
export type RefusedKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved';

const ranges: Record<RefusedKind, [string, number, 'ipv4' | 'ipv6'][]> = {
  // Cloud metadata services first: they sit inside the link-local and private ranges.
  metadata: [
    ['169.254.169.254', 32, 'ipv4'],
    ['169.254.170.2', 32, 'ipv4'],
    ['100.100.100.200', 32, 'ipv4'],
    ['fd00:ec2::254', 128, 'ipv6'],
  ],
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['100.64.0.0', 10, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
  'link-local': [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  reserved: [
    ['0.0.0.0', 8, 'ipv4'],
    ['192.0.0.0', 24, 'ipv4'],
    ['198.18.0.0', 15, 'ipv4'],
    ['224.0.0.0', 4, 'ipv4'],
    ['240.0.0.0', 4, 'ipv4'],
    // The unspecified address and the retired IPv4-compatible ones (::a.b.c.d).
    ['::', 96, 'ipv6'],
    ['ff00::', 8, 'ipv6'],
  ],
};

// BlockList also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges.
const lists = Object.entries(ranges).map(([kind, subnets]) => {
  const list = new BlockList();
  for (const [net, prefix, type] of subnets) list.addSubnet(net, prefix, type);
  return { kind: kind as RefusedKind, list };
});

/** Host names that always mean this machine or a metadata service. */
const NAMED: Record<string, RefusedKind> = {
  localhost: 'loopback',
  'metadata.google.internal': 'metadata',
  metadata: 'metadata',
  'instance-data': 'metadata',
};

const WORDS: Record<RefusedKind, string> = {
  loopback: "this server's loopback address",
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
};

/** Why an IP address is refused, or null when it is a public one. */
export function refusedKindOfAddress(address: string): RefusedKind | null {
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return lists.find(({ list }) => list.check(address, type))?.kind ?? null;
}

/**
 * Why a host is refused by what it says alone, without DNS: an IP literal of a refused range,
 * or a name that always means this machine or a metadata service. Null otherwise (a name is
 * then judged by the addresses it resolves to).
 */
export function refusedKindOfHost(host: string): RefusedKind | null {
  if (isIP(host)) return refusedKindOfAddress(host);
  const name = host.replace(/\.$/, '');
  return NAMED[name] ?? (name.endsWith('.localhost') ? 'loopback' : null);
}

/** A URL's host as DNS and the ranges see it: lower case, without an IPv6 literal's brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * The sentence refusing a notify URL that points inside: `notifyUrl must not point to a private
 * network address (shop.example is 10.0.0.7)`; `subject` names the field or the URL.
 */
export function pointsInside(
  subject: string,
  kind: RefusedKind,
  host: string,
  address?: string,
): string {
  const detail = address && address !== host ? ` (${host} is ${address})` : '';
  return `${subject} must not point to ${WORDS[kind]}${detail}`;
}

/**
 * The settings deciding how strictly notify URLs are checked: the demo, or NOTIFY_ALLOW_LOCAL
 * on a server that is not the demo (tests, a closed network), allow local receivers.
 */
export type NotifyUrlSettings = Pick<Config, 'seedDemo' | 'notifyAllowLocal'>;

/**
 * Notify URLs must be https on public addresses (at saving, at request and at delivery),
 * except in the sandbox/demo world, whose merchants' receivers may be local.
 */
export const strictNotifyUrls = (config: NotifyUrlSettings) =>
  !config.seedDemo && !config.notifyAllowLocal;
