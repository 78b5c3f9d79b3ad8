import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { renderedIn, TEST_LOCALES, translatorOf } from '../../i18n/test-translations';
import { splitRefusal } from './profile-draft';
import { targetOf } from './profile-place';
import { profileSummary } from './profile-summary';
import { ProfileSummaryText } from './profile-summary-text';

/** A profile of every kind of step, as the server sends it (canonical JSON). */
const PROFILE = JSON.stringify({
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '50000' } },
          gateways: ['SBX-THB-2'],
        },
        { when: { timeOfDay: { from: '22:00', to: '06:00' } }, gateways: ['SBX-THB-1'] },
      ],
    },
    {
      split: [
        { gateway: 'SBX-THB-1', percent: 70 },
        { gateway: 'SBX-THB-2', percent: 30 },
      ],
    },
    { successRate: { windowMinutes: 15, explorePercent: 5, minAttempts: 20 } },
  ],
});

const asIs = (part: string) => part;
/** Text as written, with its no-break spaces shown as spaces (they keep "70 %" together). */
const spaced = (text: string | null) => text?.replace(/\u00a0/g, ' ');

describe('profileSummary', () => {
  it('numbers the steps and words each one', () => {
    expect(spaced(profileSummary(translatorOf('en'), PROFILE, asIs))).toBe(
      '1. Rules (2) · 2. Split SBX-THB-1 70 % / SBX-THB-2 30 % · 3. Best success rate over 15 min, exploring 5 %',
    );
  });

  it('fills a success-rate step’s defaults, as the server reads it', () => {
    const text = profileSummary(
      translatorOf('en'),
      { steps: [{ successRate: { windowMinutes: 30 } }] },
      asIs,
    );
    expect(spaced(text)).toBe('1. Best success rate over 30 min, exploring 5 %');
  });

  it('keeps each gateway’s part one left-to-right unit that does not break', async () => {
    expect(profileSummary(translatorOf('ar'), PROFILE)).toContain(
      '\u2068SBX-THB-1 70\u00a0%\u2069',
    );
    const html = await renderedIn('ar', <ProfileSummaryText definition={PROFILE} />);
    expect(spaced(html)).toContain('<bdi class="text-nowrap">SBX-THB-2 30 %</bdi>');
    expect(html).not.toMatch(/[\u2068\u2069]/);
  });

  it('answers null for a definition that does not read', () => {
    expect(profileSummary(translatorOf('en'), '{"steps": []}')).toBeNull();
    expect(profileSummary(translatorOf('en'), 'not json')).toBeNull();
  });

  it('leaves no phrase unworded in any language', async () => {
    for (const lang of Object.keys(TEST_LOCALES) as (keyof typeof TEST_LOCALES)[]) {
      for (const definition of [PROFILE, 'not json']) {
        const html = await renderedIn(lang, <ProfileSummaryText definition={definition} />);
        expect(html, lang).not.toContain('routing.');
        expect(html, lang).not.toContain('{{');
      }
      if (lang !== 'en')
        expect(profileSummary(translatorOf(lang), PROFILE), lang).not.toBe(
          profileSummary(translatorOf('en'), PROFILE),
        );
    }
  });
});

describe('the editor’s refusals', () => {
  it('lists a definition’s parts under it and places the other fields by name', () => {
    const refusal = new ApiError('steps[0].rules[0].gateways[0] SBX-MYR-2 is inactive', 400, null, {
      field: 'steps[0].rules[0].gateways[0]',
      rule: 'SBX-MYR-2 is inactive',
      kind: 'other',
    });
    expect(splitRefusal(refusal)).toEqual({ definition: refusal.fields, rest: null });

    const mixed = new ApiError('reason is required', 400, null, null, [
      { field: 'reason', rule: 'is required', kind: 'required' },
      { field: 'definition', rule: 'must be JSON', kind: 'other' },
    ]);
    const split = splitRefusal(mixed);
    expect(split.definition.map((p) => p.field)).toEqual(['definition']);
    expect(split.rest?.fields.map((p) => p.field)).toEqual(['reason']);

    const conflict = new ApiError(
      'The routing profile payin:THB:platform is already in force',
      409,
    );
    expect(splitRefusal(conflict)).toEqual({ definition: [], rest: conflict });
  });

  it('names a place as the server names a change’s target', () => {
    const platform = { direction: 'payin', currency: 'THB', scope: 'platform' } as const;
    expect(targetOf({ ...platform, accountCode: '' })).toBe('payin:THB:platform');
    expect(
      targetOf({ direction: 'payout', currency: 'MYR', scope: 'merchant', accountCode: 'MER1' }),
    ).toBe('payout:MYR:merchant:MER1');
  });
});
