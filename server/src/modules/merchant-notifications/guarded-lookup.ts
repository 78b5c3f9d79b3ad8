import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { Resolve } from './notify-url-check';
import { pointsInside, refusedKindOfAddress } from './notify-url-rules';

/** A delivery not sent: its host resolved to an address notifications may not go to. */
export class RefusedAddress extends Error {}

/** A delivery not sent: its host did not resolve (DNS's own words stay in the server log). */
export class UnresolvedHost extends Error {}

const familyOf = (family: number | string | undefined) =>
  family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : typeof family === 'number' ? family : 0;

/**
 * The `lookup` a delivery's socket connects with (node's `net` calls it for a host name; an IP
 * literal is never looked up). It resolves the host once with `resolve`, and when `strict`
 * refuses the delivery if any of the addresses is of a refused kind; then it hands the socket
 * the very addresses it checked, so nothing is looked up between the check and the connection
 * (DNS rebinding: a name public when saved may point inside by the time of delivery).
 */
export function guardedLookup(resolve: Resolve, strict: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const unresolved = (cause?: unknown) =>
      new UnresolvedHost(`the notify URL's host ${hostname} could not be resolved`, { cause });
    const check = async (): Promise<LookupAddress[]> => {
      const found = await resolve(hostname).catch((error: unknown) => {
        throw unresolved(error);
      });
      if (strict) {
        for (const { address } of found) {
          const kind = refusedKindOfAddress(address);
          if (kind)
            throw new RefusedAddress(pointsInside('the notify URL', kind, hostname, address));
        }
      }
      const wanted = familyOf(options.family);
      const addresses = found
        .map(({ address }) => ({ address, family: isIP(address) }))
        .filter((a) => a.family !== 0 && (!wanted || a.family === wanted));
      if (!addresses.length) throw unresolved();
      return addresses;
    };
    check().then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}
