import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES, RULES, decideAccess, pathOf as contractPathOf, type Viewer } from '@bo/contract';
import {
  closeTwoFactorReminder,
  launchBrowser,
  openPage,
  pathOf,
  readMenu,
  screenshot,
  settle,
  signIn,
} from './support/browser';
import { DEMO_ROLES } from './support/roles';
import { chooseLayout } from './support/layout';
import { preloaderGone, waitForCss } from './support/wait-for-css';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A concrete path for a route pattern (parameters filled with plausible values). */
const samplePath = (id: (typeof ROUTES)[number]['id']) =>
  contractPathOf(id, { id: 'X100', account_type: 'merchant' });

/**
 * Opens `path` inside the running app, as its own links do (no reload: the first route of each
 * role is a deep link, the rest would only load the same app again), and waits for the title of
 * the screen the route gate lands on. The titles on screen before are marked, so only a screen
 * mounted after the move counts; the gate keys every screen by its route, so none is reused.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    document
      .querySelectorAll('[data-testid="page-title"]')
      .forEach((title) => title.setAttribute('data-left-behind', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForCss(page, '[data-testid="page-title"]:not([data-left-behind])');
}

describe.each(DEMO_ROLES)('$key', (role) => {
  let context: BrowserContext;
  let page: Page;
  const viewer: Viewer = { accountType: role.accountType, modules: role.modules };

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, inject('baseUrl')));
    await page.goto('/login');
    await signIn(page, role.email);
  });
  afterAll(async () => context?.close());

  it('signs in and lands on the dashboard', async () => {
    expect(pathOf(page)).toBe('/');
    await expect(page.locator('[data-testid="page-title"]').textContent()).resolves.toBe(
      'Dashboard',
    );
    await closeTwoFactorReminder(page);
  });

  it("shows the spec's side menu for the role", async () => {
    const title = await page.locator('[data-testid="menu-section-title"]').textContent();
    expect(title).toBe(
      { admin: 'Admin', reseller: 'Reseller', merchant: 'Merchant' }[role.accountType],
    );
    expect(await readMenu(page)).toEqual(role.menu);
  });

  it('takes screenshots of both layouts', async () => {
    await chooseLayout(page, { layout: 'vertical' });
    await page.goto('/profile');
    await settle(page);
    await closeTwoFactorReminder(page);
    await preloaderGone(page);
    await screenshot(page, `${role.key}-vertical`);
    await chooseLayout(page, { layout: 'horizontal' });
    await page.locator('[data-testid="horizontal-nav"]').waitFor();
    const horizontal = await readMenu(page, 'horizontal-nav');
    expect(horizontal.slice(0, role.menu.length)).toEqual(role.menu);
    expect(horizontal.slice(role.menu.length)).toEqual([
      'galleryUi -> /ui',
      'galleryForms -> /form',
      'galleryCharts -> /charts',
      'galleryIcons -> /icons',
    ]);
    await page.locator('.topnav-item.has-dropdown').first().hover();
    await screenshot(page, `${role.key}-horizontal`);
    await chooseLayout(page, { layout: 'vertical' });
  });

  it('lands every route of the table on itself, or on / when its rule refuses', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    let first = true;
    for (const route of ROUTES) {
      if (route.kind === 'action' || RULES[route.rule].audience !== 'user') continue;
      const path = samplePath(route.id);
      if (first) {
        await page.goto(path);
        await settle(page);
        first = false;
      } else {
        await openInApp(page, path);
      }
      outcomes.push(`${path} -> ${pathOf(page)}`);
      const allowed = decideAccess(RULES[route.rule], viewer) === 'allowed';
      expected.push(`${path} -> ${allowed ? path : '/'}`);
    }
    expect(outcomes).toEqual(expected);
  });

  it('sends guest routes to / while signed in', async () => {
    for (const route of ROUTES.filter((r) => RULES[r.rule].audience === 'guest')) {
      await page.goto(samplePath(route.id));
      await settle(page);
      expect(pathOf(page), route.pattern).toBe('/');
    }
  });

  it('sends an unknown path to /404', async () => {
    await page.goto('/no/such/page');
    await settle(page);
    expect(pathOf(page)).toBe('/404');
    await expect(page.locator('[data-testid="not-found"]').isVisible()).resolves.toBe(true);
  });
});
