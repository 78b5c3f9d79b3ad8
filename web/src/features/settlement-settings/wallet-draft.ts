import { USDT_ADDRESS_PATTERNS, USDT_NETWORKS, type UsdtNetwork } from '@bo/contract';

/** What the wallet form holds while the merchant types. */
export interface WalletDraft {
  readonly network: UsdtNetwork;
  readonly address: string;
}

/** The longest address the server takes (the contract's `formText(100)`). */
export const WALLET_ADDRESS_MAX_LENGTH = 100;

/** The translation key part of each network (i18n keys stay free of dashes). */
export const NETWORK_KEYS: Readonly<Record<UsdtNetwork, 'trc20' | 'erc20'>> = {
  'TRC-20': 'trc20',
  'ERC-20': 'erc20',
};

export const DEFAULT_NETWORK: UsdtNetwork = USDT_NETWORKS[0];

/**
 * Why the typed address cannot be saved, before asking the server: `missing`, or `format` when
 * it does not have its network's shape (TRC-20: T and 33 base58 characters; ERC-20: 0x and 40
 * hexadecimal ones). The checksums are the server's to check (server/.../wallet-address.ts).
 */
export function walletAddressProblem(draft: WalletDraft): 'missing' | 'format' | null {
  const address = draft.address.trim();
  if (!address) return 'missing';
  return USDT_ADDRESS_PATTERNS[draft.network].test(address) ? null : 'format';
}
