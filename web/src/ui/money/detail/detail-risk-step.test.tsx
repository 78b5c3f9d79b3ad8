import { describe, expect, it } from 'vitest';
import type { TimelineRisk } from '@bo/contract';
import { renderedIn, TEST_LOCALES as LOCALES } from '../../../i18n/test-translations';
import DetailRiskStep from './detail-risk-step';

const MERCHANT_RULE = {
  kinds: ['payout'],
  action: { type: 'review', approvers: 1 },
  when: {
    all: [
      { amount: { currency: 'THB', op: 'gte', value: '70' } },
      { firstSeen: { key: 'bank_account', since: 'today' } },
      { history: { share: 'refunded', days: 30, minPayins: 3, op: 'gt', percent: 20 } },
    ],
  },
};

/** A pay-out held by a platform rule (hidden), the merchant's own rule, and a shadow rule. */
const risk = (platformRule: TimelineRisk['matches'][number]['rule']): TimelineRisk => ({
  outcome: 'review',
  min_approvals: 2,
  matches: [
    {
      owner_scope: 'platform',
      mode: 'active',
      action: 'review',
      exempt: false,
      rule: platformRule,
    },
    {
      owner_scope: 'merchant',
      mode: 'active',
      action: 'review',
      exempt: false,
      rule: {
        id: 'r2',
        name: 'Own large pay-outs',
        version: 3,
        definition: JSON.stringify(MERCHANT_RULE),
        error: false,
        seen: {
          'when.all[0].amount': '75000.00',
          'when.all[1].firstSeen': null,
          'when.all[2].history': 33.33,
          amount: 'kept under an old name',
        },
      },
    },
  ],
});

const render = (lang: keyof typeof LOCALES, r: TimelineRisk) =>
  renderedIn(lang, <DetailRiskStep risk={r} timeZone="Default" />);

describe('DetailRiskStep', () => {
  it('words each condition a rule saw, with its value, in the rule’s order', async () => {
    const html = await render('en', risk(null));
    expect(html).toContain('Held for review');
    expect(html).toContain('Approvals needed: 2');
    expect(html).toContain('Own large pay-outs');
    expect(html).toContain('version 3');
    const seen = [...html.matchAll(/<li data-path="([^"]+)">(.*?)<\/li>/g)].map(
      ([, path, text]) => [path, text!.replace(/<[^>]+>/g, '')],
    );
    expect(seen).toEqual([
      ['when.all[0].amount', 'amount ≥ 70 THB: saw 75,000.00 THB'],
      ['when.all[1].firstSeen', 'bank account first seen today: not seen before'],
      ['when.all[2].history', 'refunded share over 30 days &gt; 20 %: saw 33.33 %'],
      ['amount', 'amount: saw kept under an old name'],
    ]);
  });

  it('shows a rule outside the viewer’s scope only by its owner, in every language', async () => {
    for (const lang of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      const html = await render(lang, risk(null));
      expect(html).toContain(LOCALES[lang].riskRules.decision.byOwner.platform.review);
      expect(html).toContain(LOCALES[lang].riskRules.decision.outcome.review);
    }
  });

  it('marks a shadow match, an erred rule and an exempt one', async () => {
    const r = risk({
      id: 'r1',
      name: 'Platform shadow',
      version: 1,
      definition: JSON.stringify({ ...MERCHANT_RULE, when: { currency: { in: ['THB'] } } }),
      error: true,
      seen: { 'when.currency': 'THB' },
    });
    const html = await render('en', {
      ...r,
      matches: [{ ...r.matches[0]!, mode: 'shadow', exempt: true }],
    });
    expect(html).toContain('data-mode="shadow"');
    expect(html).toContain('Shadow mode: logged what it would do, changed nothing.');
    expect(html).toContain('data-flag="error"');
    expect(html).toContain('data-flag="exempt"');
    expect(html.replace(/<[^>]+>/g, '')).toContain('currency is THB: saw THB');
  });
});
