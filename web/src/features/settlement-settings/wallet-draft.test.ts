import { describe, expect, it } from 'vitest';
import { walletAddressProblem } from './wallet-draft';

/** Real addresses: USDT's own contracts on TRON and on Ethereum. */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETHEREUM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('walletAddressProblem', () => {
  it('takes an address of the chosen network, spaces around it trimmed', () => {
    expect(walletAddressProblem({ network: 'TRC-20', address: ` ${TRON} ` })).toBeNull();
    expect(walletAddressProblem({ network: 'ERC-20', address: ETHEREUM })).toBeNull();
    expect(walletAddressProblem({ network: 'ERC-20', address: ETHEREUM.toLowerCase() })).toBeNull();
  });

  it('says an empty address is missing', () => {
    expect(walletAddressProblem({ network: 'TRC-20', address: '  ' })).toBe('missing');
  });

  it('refuses an address of the other network or of the wrong shape', () => {
    expect(walletAddressProblem({ network: 'TRC-20', address: ETHEREUM })).toBe('format');
    expect(walletAddressProblem({ network: 'ERC-20', address: TRON })).toBe('format');
    // One character short, a character outside base58 (0), not hexadecimal (g).
    expect(walletAddressProblem({ network: 'TRC-20', address: TRON.slice(0, -1) })).toBe('format');
    expect(walletAddressProblem({ network: 'TRC-20', address: `T0${TRON.slice(2)}` })).toBe(
      'format',
    );
    expect(walletAddressProblem({ network: 'ERC-20', address: `${ETHEREUM.slice(0, -1)}g` })).toBe(
      'format',
    );
  });
});
