import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  pointsInside,
  refusedKindOfAddress,
} from '../../src/modules/merchant-notifications/notify-url-rules';

/**
 * The table of where notifications may not go (issue 23, a security probe's SSRF findings):
 * the documentation ranges, IPv6 prefixes that carry an IPv4 address (NAT64, 6to4) judged by
 * that address, and every address of this server's own interfaces, read when checked.
 */

afterEach(() => vi.restoreAllMocks());

describe('the refused ranges', () => {
  it.each([
    // Documentation (RFC 5737, RFC 3849, RFC 9637): no receiver lives there.
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:db8:ffff::1', 'reserved'],
    ['3fff::1', 'reserved'],
    // Teredo carries an IPv4 address too (obfuscated): refused whole.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    // NAT64 (RFC 6052): the IPv4 address is the last 32 bits.
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:102', 'link-local'],
    ['64:ff9b::c000:20a', 'reserved'],
    // Local-use NAT64 (RFC 8215): its translator is this network's own; refused whole.
    ['64:ff9b:1::5db8:d70e', 'reserved'],
    ['64:ff9b:1:ffff::a00:1', 'reserved'],
    // 6to4 (RFC 3056): the IPv4 address is bits 16 to 47.
    ['2002:a9fe:a9fe::', 'metadata'],
    ['2002:a00:1::1', 'private'],
    ['2002:7f00:1:ffff::1', 'loopback'],
    // IPv4-mapped and IPv4-compatible forms, as before.
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::10.0.0.1', 'reserved'],
    ['::5db8:d70e', 'reserved'],
    ['fe80::1%eth0', 'link-local'],
    ['64:ff9b::a9fe:a9fe%eth0', 'metadata'],
    ['64:ff9b::10.0.0.1%eth0', 'private'],
  ])('refuses %s as %s', (address, kind) => {
    expect(refusedKindOfAddress(address)).toBe(kind);
  });

  it.each([
    '93.184.215.14',
    '192.0.3.1',
    '198.51.101.1',
    '203.0.112.255',
    '2001:db9::1',
    '2001:1::1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    // NAT64 and 6to4 of a public IPv4 address are that address: allowed.
    '64:ff9b::5db8:d70e',
    '64:ff9b::93.184.215.14',
    '2002:5db8:d70e::1',
    '::ffff:93.184.215.14',
  ])('allows the public address %s', (address) => {
    expect(refusedKindOfAddress(address)).toBeNull();
  });
});

describe("this server's own addresses", () => {
  const interfaces = (...addresses: string[]) =>
    ({
      eth9: addresses.map((address) => ({
        address,
        family: address.includes(':') ? 'IPv6' : 'IPv4',
        internal: false,
      })),
    }) as unknown as ReturnType<typeof os.networkInterfaces>;

  it('refuses every address of its interfaces, in any form, read when checked', () => {
    // Public addresses no other rule refuses: only the interface list can.
    const spy = vi
      .spyOn(os, 'networkInterfaces')
      .mockReturnValue(interfaces('93.184.215.14', '2606:2800:220:1::1'));
    for (const address of [
      '93.184.215.14',
      '::ffff:93.184.215.14',
      '64:ff9b::5db8:d70e',
      '2002:5db8:d70e::1',
      '2606:2800:220:1:0:0:0:1',
    ])
      expect(refusedKindOfAddress(address), address).toBe('this-server');
    expect(refusedKindOfAddress('93.184.215.15')).toBeNull();
    // An interface gone is no longer refused: the list is not kept from an earlier check.
    spy.mockReturnValue(interfaces('2606:2800:220:1::1'));
    expect(refusedKindOfAddress('93.184.215.14')).toBeNull();
  });

  it('names the kind in the refusal; loopback keeps its own words', () => {
    vi.spyOn(os, 'networkInterfaces').mockReturnValue(interfaces('127.0.0.1', '93.184.215.14'));
    expect(refusedKindOfAddress('127.0.0.1')).toBe('loopback');
    expect(pointsInside('notifyUrl', 'this-server', 'hooks.example', '93.184.215.14')).toBe(
      "notifyUrl must not point to this server's own address (hooks.example is 93.184.215.14)",
    );
  });

  const own = Object.values(os.networkInterfaces())
    .flat()
    .flatMap((a) => (a && !a.internal ? [a.address] : []));
  it.skipIf(!own.length)(
    `refuses this machine's real non-loopback addresses${own.length ? '' : ' (skipped: this machine has none)'}`,
    () => {
      for (const address of own) expect(refusedKindOfAddress(address), address).toBe('this-server');
    },
  );
});
