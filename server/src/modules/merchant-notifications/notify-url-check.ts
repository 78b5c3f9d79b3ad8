import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { badInput } from '../../core/app-error';
import { hostOf, pointsInside, refusedKindOfAddress, refusedKindOfHost } from './notify-url-rules';

/** Resolves a host name to its addresses (node's dns; replaced in tests by a fixed table). */
export type Resolve = (host: string) => Promise<readonly { address: string }[]>;
export const resolveWithDns: Resolve = (host) => lookup(host, { all: true, verbatim: true });

interface CheckOptions {
  /** Outside the sandbox/demo (`strictNotifyUrls`). */
  readonly strict: boolean;
  /** How the refusal names the URL: `notifyUrl`, `notify_url`, `the notify URL`. */
  readonly field?: string;
}

/**
 * What can be checked of a notify URL without DNS, answering it parsed or refusing it (400
 * naming `field`). Always: an absolute http(s) URL without a user or password. With `strict`:
 * https only, and no IP literal of a refused range nor a name that always means this machine
 * or a metadata service (localhost, *.localhost, metadata.google.internal…).
 */
export function checkNotifyUrlWithoutDns(raw: string, options: CheckOptions): URL {
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
  const host = hostOf(url);
  const kind = refusedKindOfHost(host);
  if (kind) throw badInput(pointsInside(field, kind, host));
  return url;
}

/**
 * Checks a notify URL being saved (or tested) and answers it parsed, or refuses it (400 naming
 * `field`): `checkNotifyUrlWithoutDns`, then, with `strict`, a host name must resolve, and to
 * no address of a refused kind (`notify-url-rules.ts`, this server's own among them). The
 * delivery checks the address again when it connects (`guarded-lookup.ts`): DNS may answer
 * otherwise by then.
 */
export async function checkNotifyUrl(
  raw: string,
  options: CheckOptions & { resolve?: Resolve },
): Promise<URL> {
  const field = options.field ?? 'notifyUrl';
  const url = checkNotifyUrlWithoutDns(raw, options);
  const host = hostOf(url);
  // An IP literal was judged by checkNotifyUrlWithoutDns: only a name is left to resolve.
  if (!options.strict || isIP(host)) return url;
  let addresses: readonly { address: string }[];
  try {
    addresses = await (options.resolve ?? resolveWithDns)(host);
  } catch {
    throw badInput(`${field} host ${host} could not be resolved`);
  }
  if (!addresses.length) throw badInput(`${field} host ${host} could not be resolved`);
  for (const { address } of addresses) {
    const kind = refusedKindOfAddress(address);
    if (kind) throw badInput(pointsInside(field, kind, host, address));
  }
  return url;
}
