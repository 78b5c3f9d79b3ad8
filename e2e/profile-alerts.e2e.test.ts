import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Language } from '@bo/contract';
import { newAccountWithPassword } from './support/accounts';
import { launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';

/**
 * /profile's email alerts (issue 30): a merchant of this run sees a switch per alert of its
 * type, all on, and the note that security alerts stay on; turning one off is saved on the
 * server and kept by a reload. In English and in Arabic (right to left).
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const PASSWORD = 'Alerts-run#Pass2026';
const NOTE: Record<'en' | 'ar', string> = {
  en: 'Security alerts are always sent and cannot be turned off',
  ar: 'تُرسل تنبيهات الأمان دائمًا ولا يمكن إيقافها',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the email alerts on /profile', () => {
  it.each(['en', 'ar'] as const)('are switched and kept on the server (%s)', async (lang) => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      const admin = await signInKeepingSession(page, 'admin@demo.test');
      const email = `alerts-${lang}-${RUN}@e2e.test`;
      await newAccountWithPassword(
        baseUrl,
        admin,
        'createAccount',
        {
          email,
          name: `Alerts ${lang} Shop`,
          username: `alerts_${lang}_${RUN}`,
          accountType: 'merchant',
        },
        PASSWORD,
        lang as Language,
      );
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signIn(page, email, PASSWORD);
      await page.goto('/profile');
      await closeTwoFactorReminder(page);
      const card = page.locator('[data-testid="alerts"]');
      await card.locator('input[type="checkbox"]').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const switches = card.locator('input[role="switch"]');
      expect(await switches.evaluateAll((els) => els.map((e) => e.id))).toEqual([
        'alert-notify_failing',
        'alert-support_answered',
      ]);
      expect(
        await switches.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked)),
      ).toEqual([true, true]);
      expect(await card.innerText()).toContain(NOTE[lang]);

      const saved = page.waitForResponse((r) => r.url().endsWith('/saveAlertPreference'));
      await card.locator('#alert-support_answered').click();
      expect((await (await saved).json()) as { status: number }).toMatchObject({ status: 200 });
      await card.locator('#alert-support_answered:not(:checked):enabled').waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `profile-alerts-${lang}`);

      // The server keeps it: a reload reads it back off.
      const read = page.waitForResponse((r) => r.url().endsWith('/getAlertPreferences'));
      await page.reload();
      const stored = ((await (await read).json()) as { data: { alerts: unknown[] } }).data;
      expect(stored.alerts).toEqual([
        { kind: 'notify_failing', enabled: true },
        { kind: 'support_answered', enabled: false },
      ]);
      await closeTwoFactorReminder(page);
      await card.locator('#alert-support_answered:not(:checked)').waitFor();
    } finally {
      await context.close();
    }
  });
});
