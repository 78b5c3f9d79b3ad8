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
