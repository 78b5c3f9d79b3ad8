import type { Page } from 'playwright-core';
import { waitForCss } from './wait-for-css';

/*
 * Signing in through the form, without the test runner: the suite (browser.ts re-exports it)
 * and scripts outside it (`npm run bench:screens`) sign in the same way.
 */

export const DEMO_PASSWORD = 'DemoPass#2026';

export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname;
};

/** Waits until the app shows a page title (the guard has settled on a screen). */
export async function settle(page: Page): Promise<void> {
  await waitForCss(page, '[data-testid="page-title"]');
}

/** Fills the sign-in form and waits until the app leaves /login. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await settle(page);
}
