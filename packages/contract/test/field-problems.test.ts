import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAccount, fieldProblemsOf, formInt, refusedFields } from '../src';

/** An empty New-merchant form, as the web sends it: every field is text. */
const emptyMerchant = {
  accountType: 'merchant',
  name: '',
  email: '',
  username: '',
  phone: '',
  telegram: '',
  temporaryPassword: '',
  modules: 'payin,payout',
  currencies: '',
};

describe('refusedFields: every bad field of a payload at once', () => {
  it('names every required field of an empty New-merchant form, each once, in order', () => {
    const refused = refusedFields(createAccount.request, emptyMerchant);
    expect(refused?.message).toBe('email is required');
    expect(refused?.problems).toEqual([
      { field: 'email', kind: 'required', rule: 'is required' },
      // Blank and refused reads as missing, not as "at least 3 characters".
      { field: 'username', kind: 'required', rule: 'is required' },
      { field: 'name', kind: 'required', rule: 'is required' },
      { field: 'temporaryPassword', kind: 'required', rule: 'is required' },
    ]);
  });

  it('gives each field its first refusal with its kind and limit', () => {
    const refused = refusedFields(createAccount.request, {
      ...emptyMerchant,
      name: 'x'.repeat(121),
      email: 'not-an-email',
      username: 'ab',
      temporaryPassword: 'Temporary#Pass1',
      currencies: 'MYR,XXX',
    });
    expect(refused?.problems).toEqual([
      { field: 'email', kind: 'email', rule: 'must be an email address' },
      { field: 'username', kind: 'tooShort', limit: 3, rule: 'must be at least 3 characters' },
      { field: 'name', kind: 'tooLong', limit: 120, rule: 'must be at most 120 characters' },
      {
        field: 'currencies.1',
        kind: 'other',
        rule: expect.stringMatching(/^names an unknown currency/) as unknown,
      },
    ]);
  });

  it('checks the text as sent: spaces around a required text are nothing', () => {
    const refused = refusedFields(createAccount.request, {
      ...emptyMerchant,
      name: '   ',
      email: ' shop@example.test ',
      username: 'shop',
      temporaryPassword: 'Temporary#Pass1',
    });
    expect(refused?.problems).toEqual([{ field: 'name', kind: 'required', rule: 'is required' }]);
  });

  it('passes a payload the schema takes', () => {
    expect(
      refusedFields(createAccount.request, {
        ...emptyMerchant,
        name: 'Shop',
        email: 'shop@example.test',
        username: 'shop',
        temporaryPassword: 'Temporary#Pass1',
      }),
    ).toBeNull();
  });

  it('tells a wrong value from a missing one when it knows what was sent', () => {
    const schema = z.object({ count: formInt(1, 10), other: formInt(1, 10) });
    const parsed = schema.safeParse({ count: 'many' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldProblemsOf(parsed.error, { count: 'many' })).toEqual([
      { field: 'count', kind: 'other', rule: 'must be a whole number' },
      { field: 'other', kind: 'required', rule: 'is required' },
    ]);
    // Without the payload a wrong type reads as missing (zod keeps no input).
    expect(fieldProblemsOf(parsed.error)[0]?.kind).toBe('required');
  });
});
