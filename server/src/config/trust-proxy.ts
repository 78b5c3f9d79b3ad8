import { isIP } from 'node:net';

/**
 * Which `X-Forwarded-For` entries are our own proxies' (Fastify's `trustProxy`): none (the
 * socket's address is the client's), a number of hops (`1`: the one proxy in front of us, so
 * the client is the entry that proxy appended, the right-most), or our proxies' addresses and
 * networks. Never "every hop": the left-most entry is whatever the client sent, so trusting it
 * would let anyone choose the address the login-IP whitelist and the per-address limits see.
 */
export type TrustProxy = false | number | string[];

const OFF = new Set(['', '0', 'false', 'no', 'off']);
const ONE_HOP = new Set(['true', 'yes', 'on']);

/** An address or a CIDR network (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrNetwork(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** Reads TRUST_PROXY: off, a number of hops (`true` is one), or a comma list of addresses. */
export function trustProxyFrom(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (OFF.has(value)) return false;
  if (ONE_HOP.has(value)) return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const proxies = value.split(',').map((part) => part.trim());
  const bad = proxies.filter((part) => !isAddressOrNetwork(part));
  if (bad.length > 0)
    throw new Error(
      `TRUST_PROXY must be a number of proxies (1: one proxy of ours in front) or a comma list of their addresses or networks (10.0.0.0/8); "${bad.join(', ')}" is neither`,
    );
  return proxies;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: a number of hops becomes "the first N addresses, from
 * the socket's on, are proxies" (Fastify itself refuses a bare number: it cannot tell who the
 * socket's peer is, so the server must be reachable only through those proxies; an address
 * list has no such condition).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
