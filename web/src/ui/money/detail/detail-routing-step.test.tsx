import { describe, expect, it } from 'vitest';
import type { TimelineRouting } from '@bo/contract';
import { renderedIn, TEST_LOCALES } from '../../../i18n/test-translations';
import { DetailRoutingStep } from './detail-routing-step';

/** A pay-in a rule sent to PG-C, which was down: it fell back to PG-A. */
const routing: TimelineRouting = {
  gateway: 'PG-A',
  profile_version: 4,
  by_fallback: true,
  reasons: [
    { key: 'rule', values: { step: '1', rule: '2', gateways: 'PG-C' } },
    {
      key: 'successRate',
      values: { step: '2', window: '15', gateway: 'PG-C', rate: '97.1', next: 'PG-A 91.4' },
    },
    { key: 'skipped', values: { gateway: 'PG-C', why: 'inactive' } },
    { key: 'fallback', values: { gateway: 'PG-A' } },
  ],
  candidates: [
    { code: 'PG-A', status: 'active', success_rate: '91.4', attempts: 1000, chosen: true },
    { code: 'PG-C', status: 'inactive', success_rate: '97.1', attempts: 812, chosen: false },
  ],
};

/** A pay-in routing could not decide: its data could not be read, the spread chose PG-B. */
const unavailable: TimelineRouting = {
  gateway: 'PG-B',
  profile_version: null,
  by_fallback: true,
  reasons: [{ key: 'unavailable', values: { why: 'read' } }],
  candidates: [],
};

/** A pay-out no gateway's deposit covered: PG-B skipped for its deposit, it waits for PG-B. */
const queued: TimelineRouting = {
  gateway: 'PG-B',
  profile_version: 2,
  by_fallback: false,
  reasons: [
    { key: 'skipped', values: { gateway: 'PG-B', why: 'headroom' } },
    { key: 'noHeadroom', values: { gateway: 'PG-B' } },
  ],
  candidates: [{ code: 'PG-B', status: 'active', chosen: true }],
};

describe('DetailRoutingStep', () => {
  it('words every reason in order, the fallback, and each candidate with its rate', async () => {
    const html = await renderedIn('en', <DetailRoutingStep routing={routing} />);
    expect(html).toContain('Sent to PG-A by routing profile version 4');
    expect(html).toContain('Fallback');
    expect(html).toContain('Step 1: rule 2 held → PG-C');
    expect(html).toContain(
      'Step 2: best success rate over 15 min, PG-C 97.1 % (next: PG-A 91.4 %)',
    );
    expect(html).toContain('PG-C skipped: inactive');
    expect(html).toContain('Fallback to PG-A: no gateway the profile chose could take it');
    expect(html).toContain('91.4 % of 1000');
    expect(html.indexOf('Step 1')).toBeLessThan(html.indexOf('Step 2'));
  });

  it('says when routing could not decide, without a profile version', async () => {
    const html = await renderedIn('en', <DetailRoutingStep routing={unavailable} />);
    expect(html).toContain('Sent to PG-B without a routing profile');
    expect(html).toContain(
      'Routing could not decide (its data could not be read); the usual spread over the active gateways chose',
    );
    expect(html).not.toContain('version');
  });

  it('says when a deposit could not cover a pay-out, and where it waits', async () => {
    const html = await renderedIn('en', <DetailRoutingStep routing={queued} />);
    expect(html).toContain(
      'PG-B skipped: its deposit, net of the pay-outs and refunds in flight, does not cover it',
    );
    expect(html).toContain('No gateway&#x27;s deposit covers it now: it waits for PG-B&#x27;s');
  });

  it('separates the candidates as the language does', async () => {
    const html = await renderedIn('ar', <DetailRoutingStep routing={routing} />);
    expect(html).toContain('>، <bdi');
    expect(html).not.toContain('>, <bdi');
  });

  it('leaves no phrase unworded in any language', async () => {
    for (const lang of Object.keys(TEST_LOCALES) as (keyof typeof TEST_LOCALES)[]) {
      for (const step of [routing, unavailable, queued]) {
        const html = await renderedIn(lang, <DetailRoutingStep routing={step} />);
        expect(html, lang).not.toContain('money.detail');
        expect(html, lang).not.toContain('{{');
      }
    }
  });
});
