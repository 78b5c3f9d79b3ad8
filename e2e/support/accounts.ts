import type { Page } from 'playwright-core';
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
