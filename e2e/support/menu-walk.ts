import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pathOf, readMenu, settle } from './browser';
import { auditScreen } from './audited-page';
import { closeTwoFactorReminder } from './browser';

/** How the accessibility browser files walk a side menu, screen by screen, auditing each. */

/** A whole menu's loop: the admin's forty-odd screens take some two minutes on a busy CI lane. */
export const SCREEN_LOOP_TIMEOUT = 300_000;

/** Follows a link to another page, and closes the reminder that page pops. */
export async function follow(page: Page, link: Locator): Promise<void> {
  const from = page.url();
  await link.click();
  await page.waitForURL((url) => url.href !== from);
  await settle(page);
  await closeTwoFactorReminder(page);
}

/** The menu items that open a link in a new tab and return to where the user was. */
const NEW_TAB_ITEMS = new Set(['supportOnTelegram', 'marketingMaterials']);

/**
 * Opens a side-menu link as a user would: its group first, when that is closed. An item that
 * opens a new tab must open one and bring the user back where they were.
 */
export async function clickMenuItem(page: Page, label: string, path: string): Promise<void> {
  const link = page.locator(`[data-testid="sidebar"] [data-menu-item="${label}"]`).first();
  if (!(await link.isVisible())) {
    await link.locator('xpath=ancestor::li[contains(@class,"side-nav-group")]/button').click();
  }
  if (pathOf(page) === path) return;
  if (NEW_TAB_ITEMS.has(label)) {
    const before = pathOf(page);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.close();
    await page.waitForURL((url) => url.pathname === before);
    await settle(page);
    await closeTwoFactorReminder(page);
    return;
  }
  await follow(page, link);
  expect(pathOf(page)).toBe(path);
}

/** The menu links of the signed-in user that `pick` takes (by place), in menu order, audited. */
export async function auditMenu(
  page: Page,
  prefix: string,
  pick: (index: number) => boolean,
): Promise<{ failures: string[]; screens: number }> {
  const failures: string[] = [];
  const lines = (await readMenu(page)).filter((_, index) => pick(index));
  for (const line of lines) {
    const [label, path] = line.split(' -> ') as [string, string];
    await clickMenuItem(page, label, path);
    failures.push(...(await auditScreen(page, `${prefix} ${label} ${path}`, true)));
  }
  return { failures, screens: lines.length };
}
