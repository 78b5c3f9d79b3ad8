import { describe, expect, it } from 'vitest';
import {
  globMatches,
  normalizeRiskValue,
  parseIpRange,
  RISK_KEY_TYPES,
  type RiskKeyType,
} from '../src';

const valueOf = (type: RiskKeyType, raw: string) => {
  const answer = normalizeRiskValue(type, raw);
  if (!('value' in answer)) throw new Error(`${raw}: ${answer.problem}`);
  return answer.value;
};
const problemOf = (type: RiskKeyType, raw: string) => {
  const answer = normalizeRiskValue(type, raw);
  return 'problem' in answer ? answer.problem : null;
};

/** A valid TRC-20 address (USDT's own contract) and an EIP-55 checksummed ERC-20 one. */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETHEREUM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('normalizeRiskValue', () => {
  it('refuses empty and too long values of every key type', () => {
    for (const type of RISK_KEY_TYPES) {
      expect(problemOf(type, '   ')).toBe('is required');
      expect(problemOf(type, 'x'.repeat(300))).toMatch(/at most \d+ characters/);
    }
  });

  it('lower-cases and trims an email, and refuses what is not one', () => {
    expect(valueOf('email', '  Alice.B@Example.COM ')).toBe('alice.b@example.com');
    for (const bad of ['alice', 'alice@', '@example.com', 'a b@example.com', 'a@example'])
      expect(problemOf('email', bad)).toMatch(/email address/);
  });

  it('trims a customer id and refuses control characters', () => {
    expect(valueOf('customer_id', '  C-0042 ')).toBe('C-0042');
    expect(problemOf('customer_id', 'C\u0007')).toMatch(/control characters/);
  });

  it('writes IPv4 and IPv6 addresses and prefixes in one canonical form', () => {
    for (const type of ['customer_ip', 'source_ip'] as const) {
      expect(valueOf(type, ' 192.0.2.1 ')).toBe('192.0.2.1');
      expect(valueOf(type, '203.0.113.0/24')).toBe('203.0.113.0/24');
      expect(valueOf(type, '192.0.2.7/32')).toBe('192.0.2.7');
      expect(valueOf(type, '2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
      expect(valueOf(type, '2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
      expect(valueOf(type, '2001:db8::/32')).toBe('2001:db8::/32');
      expect(valueOf(type, '::')).toBe('::');
      expect(valueOf(type, '::ffff:192.0.2.9')).toBe('192.0.2.9');
      expect(valueOf(type, '::ffff:192.0.2.0/120')).toBe('192.0.2.0/24');
    }
    expect(valueOf('customer_ip', 'fe80:0:0:0:1:2:3:4')).toBe('fe80::1:2:3:4');
    expect(valueOf('customer_ip', '1:0:0:2:0:0:0:3')).toBe('1:0:0:2::3');
  });

  it('refuses what is not an address or a prefix, naming the network of a prefix with host bits', () => {
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4/33',
      '2001:db8::/129',
      'a::b::c',
      '1:2:3:4:5:6:7:8:9',
      'host.example',
    ])
      expect(problemOf('customer_ip', bad)).toMatch(/address|prefix/);
    expect(problemOf('customer_ip', '203.0.113.5/24')).toBe(
      'has bits set past its prefix: the network is 203.0.113.0/24',
    );
  });

  it('keeps a bank account number without spaces and dashes', () => {
    expect(valueOf('bank_account', ' 123-456 7890 ')).toBe('1234567890');
    expect(valueOf('bank_account', 'gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(problemOf('bank_account', '12')).toMatch(/4 to 34/);
    expect(problemOf('bank_account', '1234/5678')).toMatch(/letters and digits/);
  });

  it('checks a USDT wallet by the settlement wallets rule and lower-cases an ERC-20 one', () => {
    expect(valueOf('wallet', ` ${TRON} `)).toBe(TRON);
    expect(valueOf('wallet', ETHEREUM)).toBe(ETHEREUM.toLowerCase());
    expect(valueOf('wallet', ETHEREUM.toLowerCase())).toBe(ETHEREUM.toLowerCase());
    expect(problemOf('wallet', TRON.slice(0, -1) + 'u')).toMatch(/checksum/);
    expect(problemOf('wallet', ETHEREUM.replace('dAC', 'Dac'))).toMatch(/checksum/);
    expect(problemOf('wallet', 'bc1qxyz')).toMatch(/TRC-20.*ERC-20/);
  });

  it('takes an order-id glob of * and ? with a literal character', () => {
    expect(valueOf('order_id', ' TEST-*** ')).toBe('TEST-*');
    expect(valueOf('order_id', 'A?C')).toBe('A?C');
    expect(problemOf('order_id', '*')).toMatch(/besides \* and \?/);
    expect(problemOf('order_id', '?*?')).toMatch(/besides \* and \?/);
    expect(problemOf('order_id', 'A B')).toMatch(/spaces/);
  });
});

describe('globMatches', () => {
  it('matches * as any run and ? as one character', () => {
    expect(globMatches('TEST-*', 'TEST-1')).toBe(true);
    expect(globMatches('TEST-*', 'TEST-')).toBe(true);
    expect(globMatches('TEST-*', 'PROD-1')).toBe(false);
    expect(globMatches('A?C', 'ABC')).toBe(true);
    expect(globMatches('A?C', 'AC')).toBe(false);
    expect(globMatches('*x*y*', 'aaxbbyc')).toBe(true);
    expect(globMatches('*x*y', 'aaxbbyc')).toBe(false);
  });

  it('stays fast on the input that makes a backtracking regex explode', () => {
    const text = 'a'.repeat(5000);
    const started = performance.now();
    expect(globMatches('*a*a*a*a*a*a*a*b', text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('parseIpRange', () => {
  it('answers a prefix with its bits', () => {
    expect(parseIpRange('10.0.0.0/8')).toEqual({ version: 4, value: 10n << 24n, prefix: 8 });
  });
});
