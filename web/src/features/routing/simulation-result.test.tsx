import { describe, expect, it } from 'vitest';
import type { RoutingSimulation } from '@bo/contract';
import { renderedIn, TEST_LOCALES } from '../../i18n/test-translations';
import { SimulationResult } from './simulation-result';

const result: RoutingSimulation = {
  from: '2026-11-04T00:00:00.000Z',
  to: '2026-12-04T00:00:00.000Z',
  payments: 1200,
  moved: 360,
  actual_success_rate: '88.10',
  expected_success_rate: '91.25',
  actual_cost: '15000.00',
  simulated_cost: '14200.50',
  gateways: [
    {
      payment_gateway_code: 'SBX-THB-1',
      actual_payments: 600,
      actual_share: '50.00',
      actual_success_rate: '93.00',
      actual_cost: '7500.00',
      simulated_payments: 840,
      simulated_share: '70.00',
      expected_success_rate: '92.80',
      simulated_cost: '10500.00',
    },
  ],
};

describe('SimulationResult', () => {
  it('sets what happened beside what the profile would have done', async () => {
    const html = await renderedIn(
      'en',
      <SimulationResult result={result} direction="payin" currency="THB" days={30} />,
    );
    expect(html).toContain(
      'Over the last 30 days this profile would have routed 1,200 pay-ins; 360 of them would have gone to another gateway than they did.',
    );
    expect(html).toContain(
      'Success: 88.10% then, 91.25% expected. Gateway cost: 15,000.00 then, 14,200.50 with this profile (THB).',
    );
    expect(html).toContain('70.00%');
    expect(html).toContain('10,500.00');
  });

  it('counts pay-outs for a pay-out profile, and says deposits are not replayed', async () => {
    const html = await renderedIn(
      'en',
      <SimulationResult result={result} direction="payout" currency="THB" days={30} />,
    );
    expect(html).toContain('this profile would have routed 1,200 pay-outs; 360 of them');
    expect(html).toContain('Deposits are not replayed');
  });

  it('says so when the profile would have routed nothing', async () => {
    const html = await renderedIn(
      'en',
      <SimulationResult
        result={{ ...result, payments: 0, gateways: [] }}
        direction="payin"
        currency="THB"
        days={30}
      />,
    );
    expect(html).toContain('No pay-in of the last 30 days is one this profile would have routed.');
  });

  it('leaves no phrase unworded in any language', async () => {
    for (const lang of Object.keys(TEST_LOCALES) as (keyof typeof TEST_LOCALES)[]) {
      const html = await renderedIn(
        lang,
        <SimulationResult result={result} direction="payin" currency="THB" days={30} />,
      );
      expect(html, lang).not.toContain('routing.simulation');
      expect(html, lang).not.toContain('{{');
    }
  });
});
