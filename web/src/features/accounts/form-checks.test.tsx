import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ar } from '../../i18n/locales/ar';
import { en } from '../../i18n/locales/en';
import { es } from '../../i18n/locales/es';
import { fr } from '../../i18n/locales/fr';
import { zh } from '../../i18n/locales/zh';
import { ApiError } from '../../lib/api-error';
import { ErrorPlacingForm } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { sendCreateAccount } from './api/create-account';

const LOCALES = { en, ar, es, fr, zh } as const;
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: Object.fromEntries(
    Object.entries(LOCALES).map(([lang, translation]) => [lang, { translation }]),
  ),
  interpolation: { escapeValue: false },
});

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
const renderForm = (error: ApiError) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ErrorPlacingForm error={error} errorTestId="form-error">
        <FormField label="Name" name="name" />
        <FormField label="Email" name="email" />
        <FormField label="Username" name="username" />
        <FormField label="Phone" name="phone" />
        <FormField label="Temporary password" name="temporaryPassword" />
      </ErrorPlacingForm>
    </I18nextProvider>,
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
    await i18n.changeLanguage('en');
    const html = renderForm(await refuseEmptyMerchant());
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
    for (const lang of Object.keys(LOCALES)) {
      await i18n.changeLanguage(lang);
      const html = renderForm(failure);
      const required = i18n.t('feedback.field.required');
      expect(required).not.toBe('feedback.field.required');
      expect(html.split(`>${required}</div>`)).toHaveLength(5);
    }
    await i18n.changeLanguage('en');
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
