import { describe, expect, it } from 'vitest';
import type { RoutingLiveGateway, RoutingLiveProfile } from '@bo/contract';
import { renderedIn, TEST_LOCALES } from '../../i18n/test-translations';
import { CurrencyLive } from './routing-live-card';

const gateway = (code: string, figures: Partial<RoutingLiveGateway>): RoutingLiveGateway => ({
  id: code,
  payment_gateway_code: code,
  currency: 'THB',
  status: 'activated',
  payins: 0,
  payin_share: null,
  payin_success_rate: null,
  payouts: 0,
  payout_share: null,
  payout_success_rate: null,
  deposit_balance: '0.00',
  in_flight: '0.00',
  deposit_headroom: '0.00',
  payouts_queued: 0,
  ...figures,
});

const gateways = [
  gateway('SBX-THB-1', {
    payins: 14,
    payin_share: '70.00',
    payin_success_rate: '92.86',
    payouts: 2,
    payout_share: '100.00',
    deposit_headroom: '1234567.50',
    payouts_queued: 1,
  }),
  gateway('SBX-THB-2', { payins: 6, payin_share: '30.00', status: 'inactive' }),
];

const profiles: RoutingLiveProfile[] = [
  {
    direction: 'payin',
    currency: 'THB',
    scope: 'platform',
    account_code: '',
    version: 3,
    decisions: 16,
    by_fallback: 2,
  },
  {
    direction: 'payin',
    currency: 'THB',
    scope: 'merchant',
    account_code: 'MER00001',
    version: 1,
    decisions: 3,
    by_fallback: 0,
  },
];

describe('CurrencyLive', () => {
  it('names who routed the hour, and each gateway’s share, rate, headroom and queue', async () => {
    const html = await renderedIn(
      'en',
      <CurrencyLive currency="THB" gateways={gateways} profiles={profiles} />,
    );
    expect(html).toContain(
      'Pay-ins: 20</span> · Platform profile v3: 16 (2 by fallback); Merchant MER00001 profile v1: 3 (0 by fallback); without a profile: 1',
    );
    expect(html).toContain('Pay-outs: 2</span> · without a profile: 2');
    expect(html).toContain('70.00%');
    expect(html).toContain('92.86%');
    expect(html).toContain('1,234,567.50');
    expect(html).toContain('Inactive');
  });

  it('leaves no phrase unworded in any language', async () => {
    for (const lang of Object.keys(TEST_LOCALES) as (keyof typeof TEST_LOCALES)[]) {
      const html = await renderedIn(
        lang,
        <CurrencyLive currency="THB" gateways={gateways} profiles={profiles} />,
      );
      expect(html, lang).not.toContain('gatewayHealth.');
      expect(html, lang).not.toContain('routing.');
      expect(html, lang).not.toContain('{{');
    }
  });
});
