import { BlockList, isIP } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config/config';

/**
 * The one table of where notifications may not go, and the one way of saying so. Read by the
 * check of a saved notify URL, of a merchant API request's `notify_url`, and of the address a
 * delivery connects to (`notify-url-check.ts`, `guarded-lookup.ts`); docs/security.md.
 */

/** Why an address may not receive notifications. */
export type RefusedKind =
  'loopback' | 'this-server' | 'private' | 'link-local' | 'metadata' | 'reserved';

type Subnet = [string, number, 'ipv4' | 'ipv6'];

// 'this-server' has no fixed ranges: it is this machine's interfaces when checked.
const ranges: Record<Exclude<RefusedKind, 'this-server'>, Subnet[]> = {
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
    // Documentation (RFC 5737, 3849, 9637): no public receiver lives there, so a network
    // using them is a private one.
    ['192.0.2.0', 24, 'ipv4'],
    ['198.51.100.0', 24, 'ipv4'],
    ['203.0.113.0', 24, 'ipv4'],
    ['2001:db8::', 32, 'ipv6'],
    ['3fff::', 20, 'ipv6'],
    // The unspecified address and the retired IPv4-compatible ones (::a.b.c.d).
    ['::', 96, 'ipv6'],
    ['ff00::', 8, 'ipv6'],
    // Local-use NAT64 (RFC 8215): the translator is the local network's own and may map its
    // addresses as it likes, so no IPv4 rule can vouch for where one leads.
    ['64:ff9b:1::', 48, 'ipv6'],
    // Teredo carries an IPv4 address too, obfuscated, reached through a relay.
    ['2001::', 32, 'ipv6'],
  ],
};

const blockListOf = (subnets: Subnet[]) => {
  const list = new BlockList();
  for (const [net, prefix, type] of subnets) list.addSubnet(net, prefix, type);
  return list;
};

// BlockList also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges.
const lists = Object.entries(ranges).map(([kind, subnets]) => ({
  kind: kind as RefusedKind,
  list: blockListOf(subnets),
}));
// Judged before this server's own addresses (its loopback ones among them), so they keep their
// more telling words; the other ranges after, so an own address in them is named as such.
const isJudgedFirst = (kind: RefusedKind) => kind === 'metadata' || kind === 'loopback';
const judgedFirst = lists.filter(({ kind }) => isJudgedFirst(kind));
const judgedAfter = lists.filter(({ kind }) => !isJudgedFirst(kind));

/**
 * IPv6 prefixes whose addresses lead to the IPv4 address they carry (a translator or relay
 * connects to it), and the 16-bit group where it starts: NAT64's well-known prefix (RFC 6052)
 * in the last 32 bits, 6to4 (RFC 3056) in bits 16 to 47.
 */
const carriers = [
  { list: blockListOf([['64:ff9b::', 96, 'ipv6']]), group: 6 },
  { list: blockListOf([['2002::', 16, 'ipv6']]), group: 1 },
];

/** The IPv4 address an IPv6 address leads to through NAT64 or 6to4, or null. */
function carriedIpv4(address: string): string | null {
  const carrier = carriers.find(({ list }) => list.check(address, 'ipv6'));
  if (!carrier) return null;
  // ipaddr.js reads every spelling: '::' shortening, a dotted IPv4 ending, a zone (%eth0).
  const groups = ipaddr.IPv6.parse(address).parts;
  const [high, low] = [groups[carrier.group]!, groups[carrier.group + 1]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * This machine's own addresses, read at every check: interfaces come and go (DHCP, a VPN),
 * and reading them costs about a tenth of a millisecond. A URL at the server's own public or
 * private address reaches its services as surely as 127.0.0.1 does.
 */
function ownAddresses(): BlockList {
  const list = new BlockList();
  for (const found of Object.values(os.networkInterfaces()).flat()) {
    if (found) list.addAddress(found.address, found.family === 'IPv4' ? 'ipv4' : 'ipv6');
  }
  return list;
}

/**
 * Why an IP address is refused, or null when it is a public one. An IPv6 address carrying an
 * IPv4 address (NAT64, 6to4) is judged as that IPv4 address, which is where it leads.
 */
export function refusedKindOfAddress(address: string): RefusedKind | null {
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const carried = type === 'ipv6' ? carriedIpv4(address) : null;
  if (carried) return refusedKindOfAddress(carried);
  const inside = (group: typeof lists) => group.find(({ list }) => list.check(address, type));
  const first = inside(judgedFirst);
  if (first) return first.kind;
  if (ownAddresses().check(address, type)) return 'this-server';
  return inside(judgedAfter)?.kind ?? null;
}

/** Host names that always mean this machine or a metadata service. */
const NAMED: Record<string, RefusedKind> = {
  localhost: 'loopback',
  'metadata.google.internal': 'metadata',
  metadata: 'metadata',
  'instance-data': 'metadata',
};

const WORDS: Record<RefusedKind, string> = {
  loopback: "this server's loopback address",
  'this-server': "this server's own address",
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
};

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
