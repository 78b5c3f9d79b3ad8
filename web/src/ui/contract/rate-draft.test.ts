import { describe, expect, it } from 'vitest';
import { draftFields, emptyDraft, fieldOfRefusal, refusalInWords } from './rate-draft';

describe('a contract refusal', () => {
  it('lands on the field the server names first, and nowhere when it names none', () => {
    expect(fieldOfRefusal('resellerPayinPercent (2.5000%) must not be above payinPercent')).toBe(
      'resellerPayinPercent',
    );
    expect(fieldOfRefusal('paymentGatewayCode (X) names no THB payment gateway')).toBe(
      'paymentGatewayCode',
    );
    expect(fieldOfRefusal('You are not allowed to do this')).toBeNull();
    expect(fieldOfRefusal('amount must be a positive amount')).toBeNull();
  });

  it('reads in the form’s words: every field it names becomes its label', () => {
    const label = (f: string) => `<${f.length}>`;
    expect(
      refusalInWords('resellerPayinPercent (2%) must not be above payinPercent (1%).', label),
    ).toBe('<20> (2%) must not be above <12> (1%).');
    expect(refusalInWords('payin must stay payin', label)).toBe('payin must stay payin');
  });
});

describe('a draft', () => {
  it('sends only the rates typed, trimmed', () => {
    const draft = { ...emptyDraft(), payinPercent: ' 2.5 ', resellerPayinPercent: '1.5' };
    expect(draftFields(draft)).toEqual({ payinPercent: '2.5', resellerPayinPercent: '1.5' });
  });
});
