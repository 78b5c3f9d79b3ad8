import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badInput } from '../../core/app-error';

/** Why an address may not receive notifications. */
type RefusedKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved';

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
    ['::', 128, 'ipv6'],
    ['ff00::', 8, 'ipv6'],
  ],
};

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

/** Why an IP address is refused, or null when it is a public one. */
export function refusedKindOfAddress(address: string): RefusedKind | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  return lists.find(({ list }) => list.check(ip, type))?.kind ?? null;
}

const WORDS: Record<RefusedKind, string> = {
  loopback: 'a loopback address (this server itself)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
};

/** Resolves a host name to its addresses (node's dns; replaceable in tests of this file). */
export type Resolve = (host: string) => Promise<readonly { address: string }[]>;
const resolveWithDns: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Checks a notify URL and answers it normalized, or refuses it (400 naming `field`). Always:
 * an absolute http(s) URL without credentials. With `strict` (outside the sandbox/demo): https
 * only, and a host that is not, and does not resolve to, a loopback, private, link-local,
 * metadata or reserved address.
 */
export async function checkNotifyUrl(
  raw: string,
  options: { strict: boolean; field?: string; resolve?: Resolve },
): Promise<URL> {
  const field = options.field ?? 'notifyUrl';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badInput(`${field} must be an absolute URL such as https://shop.example/notify`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw badInput(`${field} must be an http or https URL`);
  if (url.username || url.password) throw badInput(`${field} must not carry a user or password`);
  if (!options.strict) return url;
  if (url.protocol !== 'https:') throw badInput(`${field} must use https`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const refuse = (kind: RefusedKind, address?: string) =>
    badInput(
      `${field} must not point to ${WORDS[kind]}${address && address !== host ? ` (${host} is ${address})` : ''}`,
    );
  const named = NAMED[host] ?? (host.endsWith('.localhost') ? 'loopback' : undefined);
  if (named) throw refuse(named);
  if (isIP(host)) {
    const kind = refusedKindOfAddress(host);
    if (kind) throw refuse(kind);
    return url;
  }
  let addresses: readonly { address: string }[];
  try {
    addresses = await (options.resolve ?? resolveWithDns)(host);
  } catch {
    throw badInput(`${field} host ${host} could not be resolved`);
  }
  if (!addresses.length) throw badInput(`${field} host ${host} could not be resolved`);
  for (const { address } of addresses) {
    const kind = refusedKindOfAddress(address);
    if (kind) throw refuse(kind, address);
  }
  return url;
}
