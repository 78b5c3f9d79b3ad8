import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newAccountWithPassword } from './support/accounts';
import { launchBrowser, openPage, pathOf, screenshot, signIn } from './support/browser';
import { signInKeepingSession, type ApiSession } from './support/dashboard';
import { byTestId as $ } from './support/lists';
import { actionLinkOf, mailTo } from './support/mail';

/**
 * Issue 30's forgot password, end to end over real SMTP: a merchant of this run's own (no other
 * test signs in with it) asks for a link on the sign-in page, the test reads the mail from the
 * suite's SMTP server, opens its link, sets a new password and signs in with it; the link then
 * works no more. In English and in Arabic (the screens, and the mail in the account's language).
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const OLD_PASSWORD = 'Forgotten#Pass2026';
const NEW_PASSWORD = 'Found-again#Pass2026';

const SUBJECTS = { en: 'Reset your password', ar: 'إعادة تعيين كلمة المرور' } as const;

let browser: Browser;
let admin: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await openPage(browser, baseUrl);
  page.setDefaultNavigationTimeout(90_000);
  admin = await signInKeepingSession(page, 'admin@demo.test');
  await context.close();
});
afterAll(async () => browser?.close());

describe('forgot password, by mail', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`lets a merchant back in through the mailed link (${lang})`, async () => {
      const who = {
        email: `reset-${lang}-${RUN}@e2e.test`,
        username: `reset_${lang}_${RUN}`,
        name: `Reset Shop ${lang.toUpperCase()}`,
      };
      await newAccountWithPassword(
        baseUrl,
        admin,
        'createAccount',
        { ...who, accountType: 'merchant' },
        OLD_PASSWORD,
        lang,
      );
      const { context, page } = await openPage(browser, baseUrl);
      // The sign-in pages speak the last language chosen on this device.
      await context.addInitScript((chosen) => localStorage.setItem('bo.lang', chosen), lang);
      await page.goto('/login');
      // The language's words load after the page: its direction is set once they are in.
      await page.waitForFunction(
        (dir) => document.documentElement.dir === dir,
        lang === 'ar' ? 'rtl' : 'ltr',
      );

      await $(page, 'forgot-password-link').click();
      await page.waitForURL((url) => url.pathname === '/account/forgot-password');
      await page.locator('input[name="email"]').fill(who.email);
      await screenshot(page, `password-reset-ask-${lang}`);
      await $(page, 'forgot-password-form').locator('button[type="submit"]').click();
      await $(page, 'reset-link-sent').waitFor();
      await screenshot(page, `password-reset-sent-${lang}`);

      // The mail, as the SMTP server received it: to the merchant, both parts, its language.
      const mail = await mailTo(who.email);
      expect(mail.to).toEqual([who.email]);
      expect(mail.subject).toBe(SUBJECTS[lang]);
      expect(mail.html).toContain(`lang="${lang}"`);
      const link = actionLinkOf(mail);
      expect(link.startsWith(`${baseUrl}/account/reset-password#token=`)).toBe(true);
      expect(mail.text).toContain(link);
      const shown = await context.newPage();
      await shown.setContent(mail.html);
      await screenshot(shown, `password-reset-mail-${lang}`, true);
      await shown.close();

      await page.goto(link);
      const form = $(page, 'reset-password-form');
      await form.waitFor();
      await form.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
      await form.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD);
      await form.locator('button[type="submit"]').click();
      await $(page, 'password-reset-done').waitFor();
      // The spent token leaves the address bar.
      expect(new URL(page.url()).hash).toBe('');
      await screenshot(page, `password-reset-done-${lang}`);

      await $(page, 'password-reset-done').locator('a[href="/login"]').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, who.email, NEW_PASSWORD);
      expect(pathOf(page)).toBe('/');

      await context.close();

      // The link was single use: opened again (signed out, on another device), it is refused.
      const other = await openPage(browser, baseUrl);
      await other.page.goto(link);
      const reused = $(other.page, 'reset-password-form');
      await reused.locator('input[name="newPassword"]').fill(OLD_PASSWORD);
      await reused.locator('input[name="confirmPassword"]').fill(OLD_PASSWORD);
      await reused.locator('button[type="submit"]').click();
      await $(other.page, 'inline-error').waitFor();
      await other.context.close();
    });
  }
});
