import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findingLines, runAxe } from './support/accessibility';
import { launchBrowser, openPage, screenshot, SUITE_CONTEXT } from './support/browser';
import { TEMP } from './support/accounts';
import {
  callAs,
  closeTwoFactorReminder,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { byTestId, listSettled } from './support/lists';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
/** This run's own names, so nothing another file or run made can pass for this one's. */
const RUN = Date.now().toString(36);
/** A name ending in a full stop: in Arabic the stop must stay at its end, not jump to its start. */
const MERCHANT_NAME = `Siam Words Store ${RUN} Co., Ltd.`;
const WEAK = 'weakpass';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function visit(target: Page, path: string) {
  await target.goto(path);
  await preloaderGone(target);
  await closeTwoFactorReminder(target);
  await listSettled(target);
}

/** Opens the new-account form of `path` and fills it (username `words_<run>_<handle>`). */
async function fillNewAccount(
  target: Page,
  path: string,
  { name, handle, password }: { name: string; handle: string; password: string },
) {
  await visit(target, path);
  await byTestId(target, 'account-new').click();
  const form = byTestId(target, 'account-form');
  await form.waitFor();
  await byTestId(form, 'account-name').fill(name);
  await byTestId(form, 'account-email').fill(`words-${RUN}-${handle}@e2e.test`);
  await byTestId(form, 'account-username').fill(`words_${RUN}_${handle}`);
  await byTestId(form, 'account-password').fill(password);
  return form;
}

/** Whether the focused element is the one with `testId`. */
const hasFocus = (target: Page, testId: string) =>
  target.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

describe("a refused field, in the user's words, next to the field", () => {
  it('shows the password policy under the password, focused, with no popup and no code name', async () => {
    await signInKeepingSession(page, 'admin@demo.test');
    const form = await fillNewAccount(page, '/reseller', {
      name: `Words Partners ${RUN}`,
      handle: 'res',
      password: WEAK,
    });
    const refused = page.waitForResponse((r) => r.url().endsWith('/createAccount'));
    await byTestId(form, 'account-form-save').click();
    expect(((await (await refused).json()) as { status: number }).status).toBe(400);
    const error = byTestId(form, 'field-error-temporaryPassword');
    await error.waitFor();
    expect(await error.innerText()).toBe(
      'The password needs at least 10 characters, an upper-case letter, a digit, a symbol.',
    );
    expect(await form.innerText()).not.toContain('temporaryPassword');
    expect(await byTestId(form, 'account-form-error').count()).toBe(0);
    expect(await page.locator('.swal2-container').count()).toBe(0);
    expect(await byTestId(form, 'account-password').getAttribute('aria-invalid')).toBe('true');
    expect(await hasFocus(page, 'account-password')).toBe(true);
    await screenshot(page, 'words-field-error-en');

    await byTestId(form, 'account-password').fill(TEMP);
    await byTestId(form, 'account-form-save').click();
    // The name is isolated (FSI … PDI) in every language, so its punctuation stays its own.
    expect(await takeSuccessNote(page)).toBe(
      `Reseller \u2068Words Partners ${RUN}\u2069 was created.`,
    );
    await form.waitFor({ state: 'detached' });
  });
});

describe('an empty form is checked in the browser, every field at once', () => {
  it('flags every required field of New merchant, sends nothing, focuses the first', async () => {
    // Its own context: axe is injected as a script, which the app's CSP would refuse.
    const audited = await browser.newContext({
      ...SUITE_CONTEXT,
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      bypassCSP: true,
    });
    try {
      const target = await audited.newPage();
      await signInKeepingSession(target, 'admin@demo.test');
      await visit(target, '/merchants');
      await byTestId(target, 'account-new').click();
      const form = byTestId(target, 'account-form');
      await form.waitFor();
      const calls: string[] = [];
      target.on('request', (r) => {
        if (r.url().includes('/controller/admin/')) calls.push(new URL(r.url()).pathname);
      });
      await byTestId(form, 'account-form-save').click();

      const required = {
        name: 'account-name',
        email: 'account-email',
        username: 'account-username',
        temporaryPassword: 'account-password',
      };
      for (const [field, input] of Object.entries(required)) {
        const error = byTestId(form, `field-error-${field}`);
        await error.waitFor();
        expect(await error.innerText()).toBe('This field is required.');
        const control = byTestId(form, input);
        expect(await control.getAttribute('aria-invalid')).toBe('true');
        expect(await control.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
      }
      // The optional fields stay as they were; nothing was sent, nothing popped up.
      expect(await byTestId(form, 'account-phone').getAttribute('aria-invalid')).toBeNull();
      expect(await byTestId(form, 'account-form-error').count()).toBe(0);
      expect(await target.locator('.swal2-container').count()).toBe(0);
      expect(calls.filter((c) => c.endsWith('/createAccount'))).toEqual([]);
      // The first bad field in the form's order (Name) takes the focus.
      expect(await hasFocus(target, 'account-name')).toBe(true);
      expect(findingLines('empty New merchant', await runAxe(target))).toEqual([]);
      await screenshot(target, 'words-empty-merchant-form');
    } finally {
      await audited.close();
    }
  });
});

describe('the same in Arabic, names keeping their punctuation', () => {
  let session: ApiSession;
  let profile: { name: string; phone: string; telegram_id: string; timezone: string };
  const saveLanguage = (lang: 'ar' | 'en') =>
    callAs(page, session, 'updateProfile', { ...profile, lang });

  beforeAll(async () => {
    // Signed out before /login loads, so the page cannot redirect away while the form is filled.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    session = await signInKeepingSession(page, 'reseller@demo.test');
    const full = await callAs<{ profileInfo: typeof profile }>(page, session, 'getUserFullData');
    const { name, phone, telegram_id, timezone } = full.profileInfo;
    profile = { name, phone, telegram_id, timezone };
    await saveLanguage('ar');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    session = await signInKeepingSession(page, 'reseller@demo.test');
  });
  afterAll(async () => {
    if (session) await saveLanguage('en');
  });

  it('says what the password lacks in Arabic, then that the merchant was created', async () => {
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const form = await fillNewAccount(page, '/merchants', {
      name: MERCHANT_NAME,
      handle: 'mer',
      password: WEAK,
    });
    await byTestId(form, 'account-form-save').click();
    const error = byTestId(form, 'field-error-temporaryPassword');
    await error.waitFor();
    expect(await error.innerText()).toBe(
      'تحتاج كلمة المرور إلى 10 أحرف على الأقل، حرف لاتيني كبير، رقم، رمز.',
    );
    expect(await page.locator('.swal2-container').count()).toBe(0);
    await screenshot(page, 'words-field-error-ar');

    await byTestId(form, 'account-password').fill(TEMP);
    await byTestId(form, 'account-form-save').click();
    const note = page.locator('[data-testid="success-note"]').first();
    await note.waitFor();
    await screenshot(page, 'words-success-ar');
    expect(await takeSuccessNote(page)).toBe(`تم إنشاء التاجر \u2068${MERCHANT_NAME}\u2069.`);
  });

  it("shows the merchant's name left to right inside the right-to-left list", async () => {
    await visit(page, `/merchants?search=${encodeURIComponent(`words_${RUN}_mer`)}`);
    const cell = byTestId(page, 'list-row').first().getByText(MERCHANT_NAME, { exact: true });
    await cell.waitFor();
    // Its own direction: the full stop is drawn at the end (right) of the name, not its start.
    const geometry = await cell.evaluate((el) => {
      const range = document.createRange();
      const text = el.firstChild!;
      const length = text.textContent!.length;
      range.setStart(text, length - 1);
      range.setEnd(text, length);
      const stop = range.getBoundingClientRect();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect();
      return { direction: getComputedStyle(el).direction, stopRight: stop.right > first.right };
    });
    expect(geometry).toEqual({ direction: 'ltr', stopRight: true });
    await screenshot(page, 'words-merchant-name-ar');
  });
});
