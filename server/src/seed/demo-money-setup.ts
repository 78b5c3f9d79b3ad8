import { parseAmount } from '@bo/contract';
import type { Queryable } from '../db/db';
import { findAccountByCode } from '../modules/accounts/accounts.service';
import { ensureApiKey } from '../merchant-api/merchant-api.queries';
import { insertContract } from '../modules/contracts/contracts.service';
import { ensureGateway, type NewGateway } from '../modules/gateways/gateways.service';
import { seedDemoGatewayDeposits } from './demo-gateway-deposits';

const gw = (
  code: string,
  name: string,
  currency: string,
  country: string,
  successPpm: number,
  status: 'activated' | 'inactive' = 'activated',
): NewGateway => ({
  code,
  name,
  dbCode: `PG-${code}`,
  currency,
  country,
  status,
  balanceLimit: parseAmount(DEMO_BALANCE_LIMITS[currency] ?? '50000000', currency) ?? 0n,
  payinCostPpm: 12_000,
  payinCostFixed: 0n,
  payoutCostPpm: 5_000,
  payoutCostFixed: 0n,
  sandboxSuccessPpm: successPpm,
  sandboxLatencyMs: 150,
});

/** Deposit limits (major units) that leave the demo gateways about half full after 90 days. */
const DEMO_BALANCE_LIMITS: Readonly<Record<string, string>> = {
  THB: '200000000',
  MYR: '40000000',
  VND: '125000000000',
  IDR: '75000000000',
  INR: '600000000',
  BRL: '12500000',
  AUD: '3000000',
};

/** The demo gateways: ten across six currencies, two of them inactive. */
export const DEMO_GATEWAYS: readonly NewGateway[] = [
  gw('SBX-THB-1', 'Sandbox PromptPay', 'THB', 'Thailand', 930_000),
  gw('SBX-THB-2', 'Sandbox Thai Bank Transfer', 'THB', 'Thailand', 880_000),
  gw('SBX-MYR-1', 'Sandbox DuitNow', 'MYR', 'Malaysia', 910_000),
  gw('SBX-MYR-2', 'Sandbox FPX', 'MYR', 'Malaysia', 860_000, 'inactive'),
  gw('SBX-VND-1', 'Sandbox VietQR', 'VND', 'Vietnam', 900_000),
  gw('SBX-IDR-1', 'Sandbox QRIS', 'IDR', 'Indonesia', 870_000),
  gw('SBX-INR-1', 'Sandbox UPI', 'INR', 'India', 890_000),
  gw('SBX-INR-2', 'Sandbox IMPS', 'INR', 'India', 800_000, 'inactive'),
  gw('SBX-BRL-1', 'Sandbox PIX', 'BRL', 'Brazil', 950_000),
  gw('SBX-AUD-1', 'Sandbox PayID', 'AUD', 'Australia', 920_000),
];

/** The demo merchant's API key (README): merchant@demo.test. */
export const DEMO_API_KEY = {
  keyId: 'demo-merchant-key',
  secret: 'demo-merchant-secret',
  merchantCode: 'MER00001',
};

/** Fiat per 1 USDT, scaled by 1e8. */
export const DEMO_USDT_RATES: Readonly<Record<string, bigint>> = {
  THB: 3_450_000_000n,
  MYR: 447_000_000n,
  VND: 2_540_000_000_000n,
  IDR: 1_620_000_000_000n,
  INR: 8_350_000_000n,
  BRL: 560_000_000n,
  AUD: 152_000_000n,
};

/** Which merchant holds contracts in which currencies. */
export const DEMO_CONTRACT_CURRENCIES: Readonly<Record<string, readonly string[]>> = {
  MER00001: ['THB', 'MYR', 'VND'],
  MER00002: ['THB', 'INR'],
  MER00003: ['VND', 'IDR'],
  MER00004: ['MYR', 'BRL', 'AUD'],
  MER00005: ['IDR', 'INR', 'THB'],
};

/** The date contracts start from in the demo world (before its first pay-in). */
export const DEMO_CONTRACTS_FROM = new Date('2020-01-01T00:00:00Z');

/**
 * Gateways (each with an opening deposit: `seedDemoGatewayDeposits`), USDT rates and one contract per merchant and currency (idempotent): pay-in 2.5%
 * with a 1.00 minimum, pay-out 1% + 2.00, settlement 0.5%; the reseller's price 1.5% / 0.5%
 * / 0.2% beneath.
 */
export async function seedDemoMoneySetup(db: Queryable): Promise<void> {
  for (const g of DEMO_GATEWAYS) await ensureGateway(db, g);
  await seedDemoGatewayDeposits(db, DEMO_CONTRACTS_FROM);
  for (const [currency, rate] of Object.entries(DEMO_USDT_RATES)) {
    await db.query(
      'INSERT INTO usdt_rates (currency, rate_e8, reviewed_rate_e8) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING',
      [currency, rate.toString()],
    );
  }
  const apiMerchant = await findAccountByCode(db, DEMO_API_KEY.merchantCode);
  // Made when the merchant's contracts start, before any of its pay-ins came in with it.
  if (apiMerchant)
    await ensureApiKey(
      db,
      DEMO_API_KEY.keyId,
      apiMerchant.id,
      DEMO_API_KEY.secret,
      DEMO_CONTRACTS_FROM,
    );
  for (const [code, currencies] of Object.entries(DEMO_CONTRACT_CURRENCIES)) {
    const merchant = await findAccountByCode(db, code);
    if (!merchant) continue;
    for (const currency of currencies) {
      const { rows } = await db.query(
        'SELECT 1 FROM contracts WHERE merchant_account_id = $1 AND currency = $2',
        [merchant.id, currency],
      );
      if (rows.length) continue;
      const unit = currency === 'VND' ? 1n : 100n;
      await insertContract(db, {
        merchant_account_id: merchant.id,
        currency,
        gateway_id: null,
        effective_from: DEMO_CONTRACTS_FROM,
        payin_ppm: 25_000,
        payin_fixed: 0n,
        payin_min: unit,
        payin_max: null,
        payout_ppm: 10_000,
        payout_fixed: 2n * unit,
        settlement_ppm: 5_000,
        settlement_fixed: 0n,
        reseller_payin_ppm: 15_000,
        reseller_payin_fixed: 0n,
        reseller_payout_ppm: 5_000,
        reseller_payout_fixed: unit,
        reseller_settlement_ppm: 2_000,
        reseller_settlement_fixed: 0n,
        refund_ppm: 0,
        refund_fixed: 0n,
        created_by: null,
      });
    }
  }
}
