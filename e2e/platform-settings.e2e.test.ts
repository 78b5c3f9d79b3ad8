import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { auditScreen, openAuditedPage, PHONE } from './support/audited-page';
import { launchBrowser, openPage, screenshot, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  formFieldOf,
  isCall,
  signInKeepingSession,
  whileInArabic,
  type ApiSession,
} from './support/dashboard';
import { signedAs } from './support/money';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

/**
 * /general-settings: the admin changes the live-update interval and sees the dashboard poll at
 * the new pace, and changes a link and sees the top bar follow. The server is shared with the
 * other files, so every setting changed here is put back afterwards.
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36).toLowerCase();
const NEW_CHANNEL = `https://t.me/s/e2e_${RUN}`;
/** The interval the test server starts with (its default) and the one set here. */
const DEFAULT_MS = inject('liveUpdateIntervalMs');
const FAST_MS = 1_000;

interface General {
  settings: Record<string, number | string>;
}
/** The request field of each answered setting, to put the originals back. */
const FIELDS: Record<string, string> = {
  live_update_interval_ms: 'liveUpdateIntervalMs',
  payin_stuck_minutes: 'payinStuckMinutes',
  announcement_channel_url: 'announcementChannelUrl',
  marketing_materials_url: 'marketingMaterialsUrl',
  skype_url: 'skypeUrl',
  login_max_failures_per_account: 'loginMaxFailuresPerAccount',
  login_max_failures_per_address: 'loginMaxFailuresPerAddress',
  login_failure_window_minutes: 'loginFailureWindowMinutes',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
let original: General['settings'];
/** The second admin's browser and the audited one, opened by the approval tiers test. */
const others: BrowserContext[] = [];

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);

/** Answers the SweetAlert2 popup on top with confirm and returns its text. */
async function confirmPopup() {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  const text = (await popup.innerText()).trim();
  await popup.locator('.swal2-confirm').click();
  return text;
}

/** Waits for the success note and dismisses it. */
const closeSuccess = () => takeSuccessNote(page);

async function openGeneralSettings() {
  await page.goto('/general-settings');
  await settle(page);
  await closeTwoFactorReminder(page);
  await $(page, 'live-settings').waitFor();
}

const answered = (name: string) =>
  page.waitForResponse((r: Response) => isCall(r.request(), name) && r.ok());

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  // The first page of a run may wait on a server still busy after seeding the demo world.
  await page.goto('/login', { timeout: 90_000 });
  session = await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
  original = (await callAs<General>(page, session, 'getPlatformSettings')).settings;
});

afterAll(async () => {
  if (page && original) {
    const fields = Object.fromEntries(
      Object.entries(original).map(([key, value]) => [FIELDS[key]!, String(value)]),
    );
    await callAs(page, session, 'setPlatformSettings', fields);
  }
  await context?.close();
  for (const other of others) await other.close();
  await browser?.close();
});

describe('general settings', () => {
  it('changes the live-update interval, and the dashboard polls at the new pace', async () => {
    await openGeneralSettings();
    const live = $(page, 'live-settings');
    const interval = $(live, 'setting-liveUpdateIntervalMs');
    expect(await interval.inputValue()).toBe(
      String(Number(original.live_update_interval_ms) / 1000),
    );
    // Below the least accepted: refused in place, nothing sent.
    let sent = 0;
    const count = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().endsWith('/setPlatformSettings')) sent += 1;
    };
    page.on('request', count);
    await interval.fill('0');
    await $(live, 'live-settings-save').click();
    await expect
      .poll(() => live.locator('.invalid-feedback').innerText())
      .toBe('Enter a whole number from 1 to 3600');
    await screenshot(page, 'general-settings-admin-invalid');
    expect(sent).toBe(0);
    page.off('request', count);

    await interval.fill(String(FAST_MS / 1000));
    await $(live, 'live-settings-save').click();
    // Wait for the answer from before the click that sends it (it can beat a later wait).
    const saving = answered('setPlatformSettings');
    expect(await confirmPopup()).toMatch(/Live-update interval: \d+ → 1\b/);
    const saved = await saving;
    expect(formFieldOf(saved.request(), 'liveUpdateIntervalMs')).toBe(String(FAST_MS));
    await closeSuccess();
    expect(await interval.inputValue()).toBe(String(FAST_MS / 1000));

    // The dashboard reads the interval from getAppSettings and reloads its figures at that pace.
    const polls: number[] = [];
    page.on('request', (r) => {
      if (isCall(r, 'getReportDashboardV3')) polls.push(Date.now());
    });
    // The save read the app settings again: the dashboard, opened from the menu, polls at once
    // at the new interval (and a fresh page load answers it too).
    await page.locator('[data-testid="sidebar"] a[data-menu-item][href="/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    // Three reads give two gaps; a loaded machine may take a while to answer each.
    await expect.poll(() => polls.length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(2);
    // Asked again at the new pace, well within the server's default. A busy server only makes
    // the poller skip a tick while a read is still running, so the shortest gap is the pace.
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!);
    const gap = Math.min(...gaps.slice(1));
    expect(gap).toBeGreaterThan(FAST_MS / 2);
    expect(gap).toBeLessThan(DEFAULT_MS * 0.8);
    const fresh = await callAs<General['settings']>(page, session, 'getAppSettings');
    expect(fresh.live_update_interval_ms).toBe(FAST_MS);
  });

  it('changes a link, and the top bar follows at once', async () => {
    await openGeneralSettings();
    const links = $(page, 'link-settings');
    const channel = $(links, 'setting-announcementChannelUrl');
    await channel.fill('t.me/no-scheme');
    await $(links, 'link-settings-save').click();
    await expect
      .poll(() => links.locator('.invalid-feedback').innerText())
      .toMatch(/^Enter an address starting with http/);
    await channel.fill(NEW_CHANNEL);
    await $(links, 'link-settings-save').click();
    const saving = answered('setPlatformSettings');
    expect(await confirmPopup()).toContain(NEW_CHANNEL);
    await saving;
    await closeSuccess();
    await page.waitForFunction(
      (href) =>
        document.querySelector('[data-testid="announcement-link"]')?.getAttribute('href') === href,
      NEW_CHANNEL,
    );
    const now = await callAs<General>(page, session, 'getPlatformSettings');
    expect(now.settings.announcement_channel_url).toBe(NEW_CHANNEL);
    await preloaderGone(page);
    await screenshot(page, 'general-settings-admin', true);
  });

  it('a loosened sign-in limit waits for a second admin, and the card says where', async () => {
    await openGeneralSettings();
    const card = $(page, 'sign-in-settings');
    await $(card, 'sign-in-second-admin').waitFor();
    const field = $(card, 'setting-loginMaxFailuresPerAccount');
    const inForce = await field.inputValue();
    try {
      await field.fill(String(Number(inForce) + 100));
      // A loosening needs the reason the second admin reads: refused in place first.
      await $(card, 'sign-in-settings-save').click();
      await expect
        .poll(() => card.locator('.invalid-feedback').innerText())
        .toMatch(/^Give the reason/);
      await $(card, 'sign-in-settings-reason').fill('e2e: a partner office behind one address');
      await $(card, 'sign-in-settings-save').click();
      const saving = answered('setPlatformSettings');
      expect(await confirmPopup()).toMatch(/waits for a second admin/);
      await saving;
      await closeSuccess();
      const pending = $(card, 'sign-in-limits-pending');
      await pending.waitFor();
      expect(await pending.innerText()).toContain(
        `Failed sign-ins allowed per account: ${inForce} → ${Number(inForce) + 100}`,
      );
      const queue = pending.locator('a');
      expect(await queue.innerText()).toBe('Open the approvals queue');
      expect(await queue.getAttribute('href')).toBe('/payouts/pending-list');
      // Nothing applied: the field shows the limit still in force.
      expect(await field.inputValue()).toBe(inForce);
      await screenshot(page, 'general-settings-sign-in-limit-waiting');
    } finally {
      // The asker may reject its own change: the queue is left as it was for the other files.
      const now = await callAs<{ pending_changes: { id: string }[] }>(
        page,
        session,
        'getPlatformSettings',
      );
      for (const change of now.pending_changes)
        await callAs(page, session, 'rejectSettingChange', {
          id: change.id,
          reasonCode: 'other',
          note: 'End of the run',
        });
    }
  });

  it('asks for approval tiers by amount: a wrong band refused in its row, then a second admin applies them', async () => {
    const admin2 = await signedAs(browser, baseUrl, 'admin2@demo.test', others);
    // The audited browser (axe needs the CSP bypassed): admin3, so admin's session stays.
    const audited = await openAuditedPage(browser, baseUrl);
    others.push(audited.context);
    const auditor = await signInKeepingSession(audited.page, 'admin3@demo.test');
    await closeTwoFactorReminder(audited.page);
    const tiersOf = (who: { page: Page; session: ApiSession }) =>
      callAs<{ pending_changes: { id: string; target: string }[]; tiers: unknown[] }>(
        who.page,
        who.session,
        'getApprovalTiers',
      );
    try {
      await openGeneralSettings();
      const section = $(page, 'approval-tiers');
      await $(section, 'tier-kind').selectOption('payout');
      await $(section, 'tier-currency').selectOption('THB');
      // No tiers yet: the form starts from what the threshold says (two for every amount).
      expect(await $(section, 'approval-band-0-from').inputValue()).toBe('0.00');
      await $(section, 'approval-band-0-approvers').selectOption('1');
      await $(section, 'approval-band-add').click();
      await $(section, 'approval-band-1-approvers').selectOption('2');
      await $(section, 'tiers-save').click();
      // The new band has no amount yet: refused in its row, nothing sent.
      await expect
        .poll(() => $(section, 'approval-band-1').locator('.invalid-feedback').innerText())
        .toMatch(/^Enter an amount/);
      await $(section, 'approval-band-1-from').fill('10000');
      await $(section, 'approval-band-add').click();
      await $(section, 'approval-band-2-from').fill('50000.00');
      await $(section, 'approval-band-2-approvers').selectOption('3');
      await $(page, 'approval-settings-reason').fill('e2e: three approvers for large pay-outs');
      await $(section, 'tiers-save').click();
      const saving = answered('setApprovalTiers');
      expect(await confirmPopup()).toMatch(/Pay-outs in THB will need the approvers/);
      const saved = await saving;
      expect(formFieldOf(saved.request(), 'bands')).toBe('0.00:1; 10000:2; 50000.00:3');
      await closeSuccess();
      const pending = $(section, 'approval-tiers-pending');
      await pending.waitFor();
      expect(await pending.innerText()).toContain(
        'Approval tiers of payout:THB: none → 0.00:1; 10000.00:2; 50000.00:3',
      );
      await pending.scrollIntoViewIfNeeded();
      await preloaderGone(page);
      await screenshot(page, 'general-settings-approval-tiers-waiting');

      // The second admin approves it in the queue's call: the table shows the tiers in force.
      const [change] = (await tiersOf(admin2)).pending_changes;
      await callAs(admin2.page, admin2.session, 'approveSettingChange', { id: change!.id });
      await openGeneralSettings();
      const row = $(page, 'tier-payout-THB');
      await row.waitFor();
      expect(await row.innerText()).toMatch(/0\.00 → 1\s+10000\.00 → 2\s+50000\.00 → 3/);
      await $(page, 'approval-tiers').scrollIntoViewIfNeeded();
      await preloaderGone(page);
      await screenshot(page, 'general-settings-approval-tiers');

      await audited.page.goto('/general-settings');
      await $(audited.page, 'approval-tiers-table').waitFor();
      expect(await auditScreen(audited.page, 'general settings', true)).toEqual([]);
      await audited.page.setViewportSize(PHONE);
      await whileInArabic(audited.page, 'admin3@demo.test', auditor, async () => {
        await audited.page.goto('/general-settings');
        await closeTwoFactorReminder(audited.page);
        await audited.page.waitForFunction(() => document.documentElement.dir === 'rtl');
        const tiers = $(audited.page, 'approval-tiers');
        await $(tiers, 'approval-tiers-table').waitFor();
        expect(await auditScreen(audited.page, 'general settings 390 ar', true)).toEqual([]);
        const overflow = await audited.page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await tiers.scrollIntoViewIfNeeded();
        await preloaderGone(audited.page);
        await screenshot(audited.page, 'general-settings-approval-tiers-390-ar');
      });
    } finally {
      // Put the tiers back as the other files expect them: none, and nothing waiting.
      const now = await tiersOf({ page, session });
      for (const waiting of now.pending_changes)
        await callAs(page, session, 'rejectSettingChange', {
          id: waiting.id,
          reasonCode: 'other',
          note: 'End of the run',
        });
      if (now.tiers.length) {
        const removal = await callAs<{ pending_changes: { id: string }[] }>(
          page,
          session,
          'setApprovalTiers',
          { tierKind: 'payout', currency: 'THB', bands: '', reason: 'e2e: end of the run' },
        );
        for (const waiting of removal.pending_changes)
          await callAs(admin2.page, admin2.session, 'approveSettingChange', { id: waiting.id });
      }
    }
  });
});
