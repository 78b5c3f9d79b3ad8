import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, settle } from './support/browser';
import { signInKeepingSession } from './support/dashboard';
import { closeReminder, openAuditedPage, setLanguage, auditScreen } from './support/audited-page';

let browser: Browser;
const baseUrl = inject('baseUrl');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const SCREENS: Record<string, string[]> = {
  'admin@demo.test': ['/daily-transactions-report', '/profit-report', '/daily-earning-report', '/merchant-contract-ledger', '/refunds/list', '/contracts'],
  'merchant@demo.test': ['/daily-transactions-report', '/merchant-balance-settlement', '/refunds/list'],
};

for (const [email, paths] of Object.entries(SCREENS)) {
  for (const [lang, viewport] of [
    ['ar', { width: 390, height: 844 }],
    ['ar', { width: 1440, height: 900 }],
  ] as const) {
    it(`${email} ${lang} ${viewport.width}`, async () => {
      const { context, page } = await openAuditedPage(browser, baseUrl, viewport);
      const session = await signInKeepingSession(page, email);
      await setLanguage(page, session, lang);
      const failures: string[] = [];
      try {
        for (const path of paths) {
          await page.goto(path);
          await settle(page);
          await closeReminder(page);
          failures.push(...(await auditScreen(page, `${email} ${path}`, true)));
          await screenshot(page, `look-${email.split('@')[0]}-${lang}-${viewport.width}${path.replaceAll('/', '-')}`);
        }
      } finally {
        await setLanguage(page, session, 'en');
        await context.close();
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }
}
