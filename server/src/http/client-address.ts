import { isIP } from 'node:net';

/** Normalizes an address as the socket gives it ("::ffff:1.2.3.4" is "1.2.3.4"). */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** True for an IPv4/IPv6 address or a CIDR network of one. */
export function isAddressOrNetwork(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length || !address) return false;
  const version = isIP(address);
  if (!version) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Who a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64 network
 * ("2001:db8:1:2::/64"), the share one host is given, so a host cannot escape the limit by
 * using the many addresses of its network.
 */
export function clientNetworkOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0');
  const groups = [...first, ...zeros, ...last].slice(0, 4);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
