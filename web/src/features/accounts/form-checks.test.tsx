import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  renderedIn,
  TEST_LOCALES,
  translatorOf,
  type TestLanguage,
} from '../../i18n/test-translations';
import { ApiError } from '../../lib/api-error';
import { ErrorPlacingForm } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { sendCreateAccount } from './api/create-account';

/** What the New-merchant form sends when nothing was typed. */
const EMPTY_MERCHANT = {
  accountType: 'merchant' as const,
  name: '',
  email: '',
  phone: '',
  telegram: '',
  username: ' ',
  temporaryPassword: '',
  modules: ['payin' as const],
  currencies: [],
};

let requests = 0;
beforeEach(() => {
  requests = 0;
  vi.stubGlobal('fetch', () => {
    requests += 1;
    return Promise.reject(new Error('no server in this test'));
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The refusal the call client gives an empty New-merchant form, and the requests it made. */
async function refuseEmptyMerchant() {
  const failure: unknown = await sendCreateAccount(EMPTY_MERCHANT).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
}

/** The form around the fields, as a FormDialog places a refusal in it. */
const renderForm = (lang: TestLanguage, error: ApiError) =>
  renderedIn(
    lang,
    <ErrorPlacingForm error={error} errorTestId="form-error">
      <FormField label="Name" name="name" />
      <FormField label="Email" name="email" />
      <FormField label="Username" name="username" />
      <FormField label="Phone" name="phone" />
      <FormField label="Temporary password" name="temporaryPassword" />
    </ErrorPlacingForm>,
  );

describe('a form checks its call before sending it', () => {
  it('refuses an empty New-merchant form without a request, naming every required field', async () => {
    const failure = await refuseEmptyMerchant();
    expect(requests).toBe(0);
    expect(failure.status).toBe(400);
    // The server's words for the first, as its 400 would say them.
    expect(failure.message).toBe('email is required');
    expect(failure.fields.map((p) => [p.field, p.kind])).toEqual([
      ['email', 'required'],
      ['username', 'required'],
      ['name', 'required'],
      ['temporaryPassword', 'required'],
    ]);
  });

  it('flags every required field under its input at once, for screen readers too', async () => {
    const html = await renderForm('en', await refuseEmptyMerchant());
    for (const name of ['name', 'email', 'username', 'temporaryPassword']) {
      const input = new RegExp(
        `<input[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)"[^>]*name="${name}"`,
      ).exec(html);
      expect(input, name).not.toBeNull();
      expect(html).toContain(`id="${input![1]}"`);
      expect(html).toMatch(
        new RegExp(`data-testid="field-error-${name}">This field is required.</div>`),
      );
    }
    expect(html).not.toMatch(/<input[^>]*aria-invalid="true"[^>]*name="phone"/);
    expect(requests).toBe(0);
  });

  it('says it in each language', async () => {
    const failure = await refuseEmptyMerchant();
    for (const lang of Object.keys(TEST_LOCALES) as TestLanguage[]) {
      const html = await renderForm(lang, failure);
      const required = translatorOf(lang)('feedback.field.required');
      expect(required).not.toBe('feedback.field.required');
      expect(html.split(`>${required}</div>`)).toHaveLength(5);
    }
  });

  it('sends a form the schema takes', async () => {
    const sent = await sendCreateAccount({
      ...EMPTY_MERCHANT,
      name: 'Shop',
      email: 'shop@example.test',
      username: 'shop',
      temporaryPassword: 'Temporary#Pass1',
    }).catch((error: unknown) => error);
    expect(sent).toBeInstanceOf(ApiError);
    expect(requests).toBe(1);
  });
});
