import type { Page } from 'playwright-core';
import type { Language } from '@bo/contract';
import { callApi } from './browser';
import type { ApiSession } from './dashboard';
import { byTestId, listAnswerAfter } from './lists';

/** The temporary password the account forms of the browser tests give a new account. */
export const TEMP = 'Temporary#Pass1';

/** Fills the account form's text fields (password: TEMP) and ticks `currency`. */
export async function fillAccountForm(
  page: Page,
  who: { name: string; email: string; username: string },
  currency: string,
) {
  const form = byTestId(page, 'account-form');
  await form.waitFor();
  await byTestId(form, 'account-name').fill(who.name);
  await byTestId(form, 'account-email').fill(who.email);
  await byTestId(form, 'account-username').fill(who.username);
  await byTestId(form, 'account-telegram').fill(`@${who.username}`);
  await byTestId(form, 'account-password').fill(TEMP);
  await byTestId(form, `account-currencies-${currency}`).check();
}

/** Saves the open account form and waits for the list to show the new account's answer. */
export async function saveForm(page: Page, call: string) {
  await listAnswerAfter(page, call, () => byTestId(page, 'account-form-save').click());
  await byTestId(page, 'account-form').waitFor({ state: 'detached' });
}

/**
 * A new account of the test's own, made by `creator` through the API (`createAccount` or
 * `createSubAccount` with `fields`), its first-time password step done with `password`, in
 * `lang`: the account's session.
 */
export async function newAccountWithPassword(
  baseUrl: string,
  creator: ApiSession,
  call: 'createAccount' | 'createSubAccount',
  fields: Record<string, string> & { email: string; name: string },
  password: string,
  lang: Language = 'en',
): Promise<ApiSession> {
  const as = (session: ApiSession) => ({
    accessToken: session.token,
    accessUsername: session.username,
  });
  const created = await callApi(baseUrl, call, {
    ...as(creator),
    ...fields,
    temporaryPassword: TEMP,
  });
  if (created.status !== 200) throw new Error(`${call}: ${created.status} ${created.message}`);
  const login = await callApi(baseUrl, 'login', { email: fields.email, password: TEMP });
  const challenge = (login.data as { challenge_token?: string }).challenge_token ?? '';
  const set = await callApi(baseUrl, 'updateNewPassword', {
    challengeToken: challenge,
    newPassword: password,
  });
  const session = set.data as ApiSession;
  if (lang !== 'en') {
    const saved = await callApi(baseUrl, 'updateProfile', {
      ...as(session),
      name: fields.name,
      phone: '',
      telegram_id: '',
      lang,
      timezone: 'Default',
    });
    if (saved.status !== 200) throw new Error(`updateProfile: ${saved.status} ${saved.message}`);
  }
  return session;
}
