import { describe, expect, it } from 'vitest';
import {
  buildListMatcher,
  riskValueHash,
  type MatcherEntry,
} from '../../src/modules/risk/list-matchers';

const entries = (...values: string[]): MatcherEntry[] =>
  values.map((value) => ({ value, expiresAt: null }));

/** The in-memory list matchers intake will hold (issue 42, §2.1). */
describe('list matchers', () => {
  it('matches exact keys after normalising the fact', () => {
    const m = buildListMatcher('email', entries('alice@example.com'));
    expect(m.matches('  ALICE@example.com')).toBe(true);
    expect(m.matches('bob@example.com')).toBe(false);
    expect(m.matches('not an email')).toBe(false);
    const bank = buildListMatcher('bank_account', entries('1234567890'));
    expect(bank.matches('123-456 7890')).toBe(true);
  });

  it('matches a value known only by its hash (as a backtest has it) against one-value entries only', () => {
    const bank = buildListMatcher('bank_account', entries('1234567890'));
    expect(bank.matchesHash(riskValueHash('bank_account', '1234567890'))).toBe(true);
    expect(bank.matchesHash(riskValueHash('bank_account', '1234567891'))).toBe(false);
    const ips = buildListMatcher('customer_ip', entries('192.0.2.7', '203.0.113.0/24'));
    expect(ips.matchesHash(riskValueHash('customer_ip', '192.0.2.7'))).toBe(true);
    // A prefix needs the address itself, which facts do not keep.
    expect(ips.matchesHash(riskValueHash('customer_ip', '203.0.113.9'))).toBe(false);
    const orders = buildListMatcher('order_id', entries('ORD-1', 'ORD-9*'));
    expect(orders.matchesHash(riskValueHash('order_id', 'ORD-1'))).toBe(true);
    expect(orders.matchesHash(riskValueHash('order_id', 'ORD-95'))).toBe(false);
  });

  it('matches IPv4 and IPv6 addresses inside prefixes, merged and binary-searched', () => {
    const m = buildListMatcher(
      'customer_ip',
      entries(
        '203.0.113.0/24',
        '203.0.112.0/24',
        '192.0.2.7',
        '2001:db8::/32',
        '2001:db8:1::/48',
        'fe80::1',
      ),
    );
    for (const yes of [
      '203.0.113.255',
      '203.0.112.0',
      '192.0.2.7',
      '::ffff:192.0.2.7',
      '2001:db8:ffff::1',
      '2001:DB8::',
      'fe80::1',
    ])
      expect(m.matches(yes), yes).toBe(true);
    for (const no of [
      '203.0.114.0',
      '203.0.111.255',
      '192.0.2.8',
      '2001:db9::',
      '2001:db7:ffff::',
      'fe80::2',
      'garbage',
      '',
    ])
      expect(m.matches(no), no).toBe(false);
    // An IPv4 list says nothing about IPv6 addresses of the same bits, and the other way round.
    expect(buildListMatcher('source_ip', entries('0.0.0.0/0')).matches('::1')).toBe(false);
    expect(buildListMatcher('source_ip', entries('::/0')).matches('10.0.0.1')).toBe(false);
  });

  it('matches order ids by their globs and literals, without regex', () => {
    const m = buildListMatcher('order_id', entries('TEST-*', 'ORD-??-X', 'EXACT-1'));
    expect(m.matches('TEST-123')).toBe(true);
    expect(m.matches('ORD-12-X')).toBe(true);
    expect(m.matches('ORD-123-X')).toBe(false);
    expect(m.matches('EXACT-1')).toBe(true);
    expect(m.matches('EXACT-12')).toBe(false);
    expect(m.matches('test-1')).toBe(false);
  });

  it('matches a literal order id with a slash, by its value and by its hash', () => {
    const m = buildListMatcher('order_id', entries('INV/2026/7'));
    expect(m.matches('INV/2026/7')).toBe(true);
    expect(m.matchesHash(riskValueHash('order_id', 'INV/2026/7'))).toBe(true);
    expect(m.matches('INV/2026/77')).toBe(false);
  });

  it('leaves out expired entries and says when the next one expires', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const soon = new Date('2026-06-02T00:00:00Z');
    const m = buildListMatcher(
      'customer_id',
      [
        { value: 'gone', expiresAt: new Date('2026-05-31T00:00:00Z') },
        { value: 'soon', expiresAt: soon },
        { value: 'forever', expiresAt: null },
      ],
      now,
    );
    expect([m.matches('gone'), m.matches('soon'), m.matches('forever')]).toEqual([
      false,
      true,
      true,
    ]);
    expect(m.validUntil).toEqual(soon);
  });

  it('builds from 100,000 entries quickly and answers in microseconds', () => {
    const emails = Array.from({ length: 100_000 }, (_, i) => `user${i}@example.com`);
    const ips = Array.from(
      { length: 100_000 },
      (_, i) => `${10 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}.0/24`,
    );
    let started = performance.now();
    const byEmail = buildListMatcher('email', entries(...emails));
    const byIp = buildListMatcher('customer_ip', entries(...ips));
    const built = performance.now() - started;
    expect(built).toBeLessThan(5000);
    started = performance.now();
    let hits = 0;
    for (let i = 0; i < 10_000; i++) {
      if (byEmail.matches(`user${i * 7}@example.com`)) hits++;
      if (byIp.matches(`10.${i & 255}.${(i * 3) & 255}.9`)) hits++;
    }
    const perLookup = (performance.now() - started) / 20_000;
    expect(hits).toBeGreaterThan(10_000);
    expect(perLookup).toBeLessThan(0.2);
    console.log(
      `100,000 entries ×2 built in ${built.toFixed(0)} ms; ${(perLookup * 1000).toFixed(1)} µs a lookup`,
    );
  });
});
