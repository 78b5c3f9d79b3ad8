import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { formatCount, formatPercent, type RoutingSimulation } from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE, phoneProblems } from './support/audited-page';
import { launchBrowser, openPage, screenshot, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  isCall,
  signInKeepingSession,
  whileInArabic,
  type ApiSession,
} from './support/dashboard';
import { confirmPopup } from './support/merchant-api';
import { signedAs } from './support/money';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

/**
 * /payment-gateway/routing (issue 43): an admin asks for the platform's THB pay-in profile with
 * a split, its problems listed under the definition first; it waits for a second admin, who
 * approves it in the approvals queue; the list then shows it in force. The profile is switched
 * off again afterwards, so the other files' THB pay-ins go where they went before.
 */
const baseUrl = inject('baseUrl');
const TARGET = 'payin:THB:platform';
const HALVES = [
  { gateway: 'SBX-THB-1', percent: 70 },
  { gateway: 'SBX-THB-2', percent: 30 },
];
const BEST_RATE = { windowMinutes: 15, explorePercent: 5, minAttempts: 20 };
const SPLIT = { steps: [{ split: HALVES }, { successRate: BEST_RATE }] };
const SUMMARY =
  '1. Split SBX-THB-1 70 % / SBX-THB-2 30 % · 2. Best success rate over 15 min, exploring 5 %';

interface Profiles {
  rows: { direction: string; currency: string; scope: string; version: number }[];
  pending_changes: { id: string; target: string }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
const others: BrowserContext[] = [];

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);
/** The text on show without bidi isolates (around codes, names) and with plain spaces. */
const shown = async (locator: Locator) =>
  (await locator.innerText()).replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');
const profilesOf = (who: { page: Page; session: ApiSession }) =>
  callAs<Profiles>(who.page, who.session, 'getRoutingProfiles');
const platformThb = (profiles: Profiles) =>
  profiles.rows.find(
    (r) => r.direction === 'payin' && r.currency === 'THB' && r.scope === 'platform',
  );

async function openRouting() {
  const answered = page.waitForResponse((r) => isCall(r.request(), 'getRoutingProfiles'));
  await page.goto('/payment-gateway/routing?direction=payin&currency=THB');
  await settle(page);
  await closeTwoFactorReminder(page);
  await answered;
  await $(page, 'routing-profiles').waitFor();
}

/** Replaces the editor's definition with `value` (as JSON text) and sends the form. */
async function sendDefinition(editor: Locator, value: unknown) {
  await $(editor, 'routing-definition').fill(JSON.stringify(value, null, 2));
  await $(editor, 'routing-editor-send').click();
}

/**
 * Opens the profile editor on a phone for `direction`'s THB profiles, simulates the split, and
 * checks the answer (its counts in that direction's words) fits and passes axe.
 */
async function simulateOnPhone(phone: Page, lang: 'ar' | 'en', direction: 'payin' | 'payout') {
  const listed = phone.waitForResponse((r) => isCall(r.request(), 'getRoutingProfiles'));
  await phone.goto(`/payment-gateway/routing?direction=${direction}&currency=THB`);
  await listed;
  await closeTwoFactorReminder(phone);
  await $(phone, 'routing-profile-new').click();
  const editor = $(phone, 'routing-editor');
  await editor.waitFor();
  await $(editor, 'routing-definition').fill(JSON.stringify(SPLIT, null, 2));
  const simulated = phone.waitForResponse((r) => isCall(r.request(), 'simulateRoutingProfile'));
  await $(editor, 'routing-editor-simulate').click();
  const answer = await simulated;
  expect(answer.ok()).toBe(true);
  const { payments } = ((await answer.json()) as { data: RoutingSimulation }).data;
  const result = $(editor, payments ? 'routing-simulation' : 'routing-simulation-empty');
  await result.waitFor();
  if (lang === 'en')
    expect(await shown(result)).toContain(direction === 'payin' ? 'pay-in' : 'pay-out');
  expect(findingLines(`routing simulation ${direction} 390 ${lang}`, await runAxe(phone))).toEqual(
    [],
  );
  expect(await phoneProblems(phone, 'routing simulation', [editor, result])).toEqual([]);
  await result.scrollIntoViewIfNeeded();
  await screenshot(phone, `routing-simulation-${direction}-390-${lang}`);
  await phone.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(90_000);
  // The first page of a run may wait on a server still busy after seeding the demo world.
  await page.goto('/login', { timeout: 90_000 });
  session = await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
});

afterAll(async () => {
  await context?.close();
  for (const other of others) await other.close();
  await browser?.close();
});

describe('routing profiles', () => {
  it('asks for a split, a second admin approves it, and the list shows it in force', async () => {
    const admin2 = await signedAs(browser, baseUrl, 'admin2@demo.test', others);
    // A fresh world has no profile (version 1 follows); a lane's world kept from an earlier run
    // has this one switched off by that run.
    const before = platformThb(await profilesOf({ page, session }));
    const version = (before?.version ?? 0) + 1;
    try {
      await openRouting();
      await $(page, 'routing-profile-new').click();
      const editor = $(page, 'routing-editor');
      await editor.waitFor();
      // The screen's filters choose the direction and currency; the platform is the default.
      expect(await $(editor, 'routing-editor-direction').inputValue()).toBe('payin');
      expect(await $(editor, 'routing-editor-currency').inputValue()).toBe('THB');
      expect(await $(editor, 'routing-editor-scope').inputValue()).toBe('platform');
      await $(editor, 'routing-editor-reason').fill('e2e: 70/30 over the THB gateways');

      // Two problems the definition's own reading finds: both listed, nothing sent.
      let sent = 0;
      const count = (r: Parameters<typeof isCall>[0]) => {
        if (isCall(r, 'setRoutingProfile')) sent += 1;
      };
      page.on('request', count);
      await sendDefinition(editor, {
        steps: [
          { split: [HALVES[0], { gateway: 'SBX-THB-2', percent: 20 }] },
          { successRate: { ...BEST_RATE, windowMinutes: 0 } },
        ],
      });
      const problems = $(editor, 'routing-definition-problems');
      await expect.poll(() => problems.locator('li').count()).toBe(2);
      expect(await problems.innerText()).toMatch(/steps\[0\]\.split: percents must add up to 100/);
      expect(await problems.innerText()).toMatch(/steps\[1\]\.successRate\.windowMinutes/);
      expect(sent).toBe(0);
      page.off('request', count);

      // A MYR gateway reads, but the server refuses it for THB, naming the part.
      await sendDefinition(editor, {
        steps: [{ split: [HALVES[0], { gateway: 'SBX-MYR-1', percent: 30 }] }],
      });
      const refused = page.waitForResponse((r) => isCall(r.request(), 'setRoutingProfile'));
      expect((await confirmPopup(page)).replace(/[\u2066-\u2069]/g, '')).toContain(
        'Pay-in · THB · Platform',
      );
      expect((await refused).status()).toBe(400);
      await expect
        .poll(() => problems.innerText())
        .toMatch(/steps\[0\]\.split\[1\]\.gateway: SBX-MYR-1 is a MYR gateway, not THB/);

      // Before asking: the profile replayed over the last 30 days of THB pay-ins, nothing saved.
      await $(editor, 'routing-definition').fill(JSON.stringify(SPLIT, null, 2));
      const simulated = page.waitForResponse((r) => isCall(r.request(), 'simulateRoutingProfile'));
      await $(editor, 'routing-editor-simulate').click();
      const simulation = ((await (await simulated).json()) as { data: RoutingSimulation }).data;
      expect(simulation.payments).toBeGreaterThan(0);
      for (const g of simulation.gateways) {
        const row = $(editor, `routing-simulation-${g.payment_gateway_code}`);
        expect(await $(row, 'simulated-share').innerText()).toBe(formatPercent(g.simulated_share));
      }
      expect(await shown($(editor, 'routing-simulation-summary'))).toContain(
        `would have routed ${formatCount(simulation.payments)} pay-ins`,
      );
      await screenshot(page, 'routing-profiles-simulation', true);

      await sendDefinition(editor, SPLIT);
      const asked = page.waitForResponse((r) => isCall(r.request(), 'setRoutingProfile'));
      await confirmPopup(page);
      expect((await asked).ok()).toBe(true);
      expect(await takeSuccessNote(page)).toMatch(/waits for a second admin’s approval/);
      await editor.waitFor({ state: 'detached' });
      const pending = $(page, 'routing-pending');
      await pending.waitFor();
      const change = pending.locator(`[data-target="${TARGET}"]`);
      expect(await shown(change)).toContain(SUMMARY);
      expect(await shown(change)).toMatch(/asked by admin on \d{4}-\d{2}-\d{2}/);
      await preloaderGone(page);
      await screenshot(page, 'routing-profiles-waiting', true);

      // The second admin approves it in the approvals queue, as every guarded change.
      const queue = admin2.page;
      await queue.goto('/payouts/pending-list');
      await closeTwoFactorReminder(queue);
      const row = $(queue, 'setting-change-row').filter({ hasText: TARGET });
      const approved = queue.waitForResponse((r) => isCall(r.request(), 'approveSettingChange'));
      await $(row, 'setting-change-approve').click();
      await confirmPopup(queue);
      expect((await approved).ok()).toBe(true);

      await openRouting();
      const profile = $(page, 'routing-profile-row').filter({
        has: page.locator(`[data-target="${TARGET}"]`),
      });
      expect(await $(profile, 'routing-profile-version').innerText()).toBe(String(version));
      expect(await $(profile, 'routing-profile-state').getAttribute('data-state')).toBe('active');
      expect(await shown($(profile, 'routing-profile-summary'))).toBe(SUMMARY);
      expect(
        await page.locator(`[data-testid="routing-pending"] [data-target="${TARGET}"]`).count(),
      ).toBe(0);
      await preloaderGone(page);
      await screenshot(page, 'routing-profiles', true);
    } finally {
      // Nothing of this run left waiting, and the profile switched off: THB routes as before.
      const now = await profilesOf({ page, session });
      for (const waiting of now.pending_changes.filter((c) => c.target === TARGET))
        await callAs(page, session, 'rejectSettingChange', {
          id: waiting.id,
          reasonCode: 'other',
          note: 'End of the run',
        });
      if (platformThb(now)) {
        const off = await callAs<Profiles>(page, session, 'setRoutingProfile', {
          direction: 'payin',
          currency: 'THB',
          scope: 'platform',
          definition: JSON.stringify(SPLIT),
          active: 'false',
          reason: 'e2e: end of the run',
        }).catch(() => null);
        for (const waiting of off?.pending_changes.filter((c) => c.target === TARGET) ?? [])
          await callAs(admin2.page, admin2.session, 'approveSettingChange', { id: waiting.id });
      }
    }
  });

  it('the simulation and the live routing view fit a 390 px phone in Arabic and pass axe', async () => {
    const admin3 = await signedAs(browser, baseUrl, 'admin3@demo.test', others, { audited: true });
    await admin3.page.setViewportSize(PHONE);
    await simulateOnPhone(admin3.page, 'en', 'payin');
    await simulateOnPhone(admin3.page, 'en', 'payout');
    await whileInArabic(admin3.page, 'admin3@demo.test', admin3.session, async () => {
      const phone = admin3.page;
      const live = phone.waitForResponse((r) => isCall(r.request(), 'getRoutingLive'));
      await phone.goto('/payment-gateway/monitoring?currency=THB');
      await phone.waitForFunction(() => document.documentElement.dir === 'rtl');
      await live;
      await closeTwoFactorReminder(phone);
      const card = $(phone, 'routing-live');
      await $(card, 'routing-live-row-SBX-THB-1').waitFor();
      expect(await auditScreen(phone, 'routing live 390 ar', true)).toEqual([]);
      expect(await phoneProblems(phone, 'routing live', [card])).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await screenshot(phone, 'routing-live-390-ar');

      await simulateOnPhone(phone, 'ar', 'payin');
      await simulateOnPhone(phone, 'ar', 'payout');
    });
  });
});
