import type { Page } from 'playwright-core';
import { closeTwoFactorReminder } from './browser';

type Choice = Partial<Record<'layout' | 'width' | 'sidebar' | 'topbar', string>>;

/** Picks layout settings in the settings panel, as a user would, then closes it. */
export async function chooseLayout(page: Page, choice: Choice): Promise<void> {
  await closeTwoFactorReminder(page);
  await page.locator('[data-testid="settings-toggle"]').click();
  const panel = page.locator('[data-testid="settings-panel"].is-open');
  await panel.waitFor();
  for (const [key, value] of Object.entries(choice)) {
    const radio = page.locator(`[data-testid="setting-${key}-${value}"]`);
    if (await radio.isChecked()) continue;
    const saved = page.waitForResponse((r) => r.url().endsWith('/saveLayoutSettings'));
    await radio.check();
    await saved;
  }
  await panel.locator('.btn-close').click();
  await page.locator('[data-testid="settings-panel"]:not(.is-open)').waitFor({ state: 'attached' });
  // The panel's slide-out transition has run to its end.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="settings-panel"]')?.getAnimations().length === 0,
  );
}

/** The layout attributes on <html>. */
export function layoutAttributes(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    return {
      layout: root.getAttribute('data-layout'),
      width: root.getAttribute('data-layout-width'),
      sidebar: root.getAttribute('data-sidebar'),
      topbar: root.getAttribute('data-topbar'),
    };
  });
}
