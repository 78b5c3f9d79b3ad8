import { describe, expect, it } from 'vitest';
import { bankDetailsOf, draftOf, missingBankFields } from './bank-account-draft';

describe('bank account drafts', () => {
  it('starts empty for a new account and from the saved details for an edit', () => {
    expect(missingBankFields(draftOf())).toEqual(['bankName', 'accountNumber', 'accountHolder']);
    const draft = draftOf({
      id: '6f1c1b8e-0000-4000-8000-000000000001',
      bank_name: 'Kasikorn',
      account_number: '123-4-56789-0',
      account_holder: 'Siam Digital Store',
      currency: null,
      is_default: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(draft).toEqual({
      bankName: 'Kasikorn',
      accountNumber: '123-4-56789-0',
      accountHolder: 'Siam Digital Store',
      currency: '',
      isDefault: true,
    });
    expect(missingBankFields(draft)).toEqual([]);
  });

  it('counts blanks as missing and sends trimmed details, no currency meaning any', () => {
    const draft = { ...draftOf(), bankName: ' SCB ', accountNumber: '  ', accountHolder: 'Shop' };
    expect(missingBankFields(draft)).toEqual(['accountNumber']);
    expect(bankDetailsOf({ ...draft, accountNumber: ' 42 ' })).toEqual({
      bankName: 'SCB',
      accountNumber: '42',
      accountHolder: 'Shop',
      currency: undefined,
    });
    expect(bankDetailsOf({ ...draft, currency: 'THB' }).currency).toBe('THB');
  });
});
