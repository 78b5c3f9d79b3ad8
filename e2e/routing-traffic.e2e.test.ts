import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { GatewayAdminRow, PayinRow, RoutingLiveGateway } from '@bo/contract';
import { auditScreen, openAuditedPage, PHONE, phoneProblems } from './support/audited-page';
import { launchBrowser, screenshot } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  isCall,
  signInKeepingSession,
  whileInArabic,
  type ApiSession,
} from './support/dashboard';
import { listSettled } from './support/lists';
import { postPayin } from './support/merchant-api';
import { signedAs } from './support/money';
import { takeSuccessNote } from './support/success';

/**
 * Success-rate routing on live traffic, in the browser (issue 43, "The sandbox must make this
 * testable"): an admin sets SBX-THB-2 to fail 80 % of pay-ins on the payment gateway screen's
 * sandbox control; the demo merchant's pay-ins, routed by a profile that puts SBX-THB-2 first
 * and then sorts by success rate over one minute, move off it; the admin sets it back to 100 %,
 * and once its failures have left the window, exploration brings the traffic back. The
 * monitoring page's live view shows it. Every wait is for an event: a round of pay-ins per
 * refresh of the live view, until the shares say so. The profile is the merchant's own, and it
 * and the gateways' behaviour are put back afterwards, so the other files route as before.
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
/** The demo merchant's API key (server/src/seed/demo-money-setup.ts). */
const DEMO_KEY = { keyId: 'demo-merchant-key', secret: 'demo-merchant-secret' };
const MERCHANT = 'MER00001';
const FAILING = 'SBX-THB-2';
const HEALTHY = 'SBX-THB-1';
const PROFILE = {
  steps: [
    { rules: [{ when: { currency: { in: ['THB'] } }, gateways: [FAILING, HEALTHY] }] },
    { successRate: { windowMinutes: 1, explorePercent: 20, minAttempts: 3 } },
  ],
};
const ROUND = 10;
/** Rounds to wait at most per phase: the window (60 s) at one round per live refresh (4 s), twice. */
const MAX_ROUNDS = 40;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let monitor: Page;
let session: ApiSession;
const others: BrowserContext[] = [];
let admin2: Awaited<ReturnType<typeof signedAs>>;
let before: GatewayAdminRow[] = [];

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);

async function thbGateways(): Promise<GatewayAdminRow[]> {
  const { rows } = await callAs<{ rows: GatewayAdminRow[] }>(page, session, 'getGatewayAdminList', {
    currency: 'THB',
  });
  return rows;
}

/** Puts the merchant's THB pay-in profile (active or not), approved by the second admin. */
async function putProfile(active: boolean) {
  const asked = await callAs<{ pending_changes: { id: string; target: string }[] }>(
    page,
    session,
    'setRoutingProfile',
    {
      direction: 'payin',
      currency: 'THB',
      scope: 'merchant',
      accountCode: MERCHANT,
      definition: JSON.stringify(PROFILE),
      active: String(active),
      reason: `e2e routing traffic ${RUN}: ${active ? 'on' : 'off'}`,
    },
  );
  for (const change of asked.pending_changes.filter((c) => c.target.includes(MERCHANT)))
    await callAs(admin2.page, admin2.session, 'approveSettingChange', { id: change.id });
}

/** Sets a gateway's sandbox behaviour through the call (the dialog is tested on the other). */
async function behave(row: GatewayAdminRow, successPercent: string, paysAlone: boolean) {
  await callAs(page, session, 'setSandboxBehaviour', {
    id: row.id,
    successPercent,
    latencyMs: '0',
    refusesHandOvers: 'false',
    paysAlone: String(paysAlone),
    reason: `e2e routing traffic ${RUN}`,
  });
}

/** Opens the sandbox dialog of `code` on the payment gateway screen. */
async function openSandboxDialog(on: Page, code: string) {
  await on.goto(`/payment-gateway?currency=THB&search=${code}`);
  await closeTwoFactorReminder(on);
  await listSettled(on);
  const row = on.locator('[data-testid="list-row"]', {
    has: $(on, 'gateway-code').getByText(code, { exact: true }),
  });
  await $(row, 'gateway-action-sandbox').click();
  const dialog = $(on, 'sandbox-dialog');
  await dialog.waitFor();
  return dialog;
}

/** Sets `code` to pay `percent` of its pay-ins, alone, through the screen's sandbox dialog. */
async function setOnScreen(code: string, percent: string) {
  const dialog = await openSandboxDialog(page, code);
  await $(dialog, 'sandbox-success').fill(percent);
  await $(dialog, 'sandbox-latency').fill('0');
  await $(dialog, 'sandbox-paysAlone').check();
  await $(dialog, 'sandbox-reason').fill(`e2e routing traffic ${RUN}: ${percent} %`);
  const saved = page.waitForResponse((r) => isCall(r.request(), 'setSandboxBehaviour'));
  await $(dialog, 'sandbox-save').click();
  expect((await saved).ok()).toBe(true);
  await dialog.waitFor({ state: 'detached' });
  expect(await takeSuccessNote(page)).toContain(code);
}

let round = 0;
/**
 * One round: waits for the live view's next refresh (the pace: one round per refresh, an
 * event), opens `ROUND` pay-ins through the merchant API and answers the share of them that
 * routing sent to `code` (each pay-in's detail, as an admin reads it).
 */
async function shareOfRound(code: string): Promise<number> {
  await monitor.waitForResponse((r) => isCall(r.request(), 'getRoutingLive'), {
    timeout: 30_000,
  });
  round += 1;
  let there = 0;
  for (let i = 0; i < ROUND; i++) {
    const made = await postPayin(baseUrl, DEMO_KEY, `rt-${RUN}-${round}-${i}`, {
      amount: '150.00',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const payin = await callAs<PayinRow>(page, session, 'getPayinDetail', { id: made.body.id! });
    if (payin.payment_gateway_code === code) there += 1;
  }
  return there / ROUND;
}

/** Rounds until one sends at least `least` of its pay-ins to `code`; answers the shares seen. */
async function roundsUntil(code: string, least: number): Promise<number[]> {
  const shares: number[] = [];
  while (shares.length < MAX_ROUNDS && !(shares.at(-1)! >= least))
    shares.push(await shareOfRound(code));
  return shares;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Audited: axe-core runs on its screens (the suite's CSP lets its script in there).
  ({ context, page } = await openAuditedPage(browser, baseUrl));
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(110_000);
  await page.goto('/login', { timeout: 110_000 });
  session = await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
  admin2 = await signedAs(browser, baseUrl, 'admin2@demo.test', others);
  before = await thbGateways();
  // The second admin watches the monitoring page (its calls go on through its own session).
  monitor = admin2.page;
  monitor.setDefaultTimeout(60_000);
  await monitor.goto('/payment-gateway/monitoring?currency=THB');
  await closeTwoFactorReminder(monitor);
  await $(monitor, `routing-live-row-${HEALTHY}`).waitFor();
});

afterAll(async () => {
  // The merchant's profile off, and each gateway behaving as before the run.
  await putProfile(false).catch(() => undefined);
  for (const row of before)
    await callAs(page, session, 'setSandboxBehaviour', {
      id: row.id,
      successPercent: row.sandbox_success_percent,
      latencyMs: String(row.sandbox_latency_ms),
      refusesHandOvers: String(row.sandbox_refuses_hand_overs),
      paysAlone: String(row.sandbox_pays_alone),
      reason: `e2e routing traffic ${RUN}: put back`,
    }).catch(() => undefined);
  await context?.close();
  for (const other of others) await other.close();
  await browser?.close();
});

describe('success-rate routing on live traffic', () => {
  it('the sandbox dialog is reached from the gateway row, passes axe both ways, and says what it does', async () => {
    // Down, the gateway's row says so beside its status; the dialog opens with it on.
    const failing = before.find((g) => g.payment_gateway_code === FAILING)!;
    await callAs(page, session, 'setSandboxBehaviour', {
      id: failing.id,
      successPercent: failing.sandbox_success_percent,
      latencyMs: String(failing.sandbox_latency_ms),
      refusesHandOvers: 'true',
      paysAlone: 'false',
      reason: `e2e routing traffic ${RUN}: down`,
    });
    const down = await openSandboxDialog(page, FAILING);
    expect(await $(down, 'sandbox-refusesHandOvers').isChecked()).toBe(true);
    expect(await $(page, 'gateway-sandbox-down').innerText()).toBe('Down (sandbox)');
    await page.keyboard.press('Escape');
    await down.waitFor({ state: 'detached' });
    await behave(failing, String(Number(failing.sandbox_success_percent)), false);
    const dialog = await openSandboxDialog(page, FAILING);
    expect(await $(dialog, 'sandbox-success').inputValue()).toBe(
      String(
        Number(before.find((g) => g.payment_gateway_code === FAILING)!.sandbox_success_percent),
      ),
    );
    // A bad share is refused by the server, named on its field, and nothing changes.
    await $(dialog, 'sandbox-success').fill('120');
    await $(dialog, 'sandbox-reason').fill('e2e: too much');
    await $(dialog, 'sandbox-save').click();
    await expect.poll(() => dialog.locator('.invalid-feedback').count()).toBeGreaterThan(0);
    expect(await dialog.innerText()).toContain('percent from 0 to 100');
    expect(await auditScreen(page, 'sandbox dialog en', true)).toEqual([]);
    await screenshot(page, 'gateway-sandbox-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // In Arabic, as a third admin (a language switch signs its page in again).
    const admin3 = await signedAs(browser, baseUrl, 'admin3@demo.test', others, {
      audited: true,
    });
    await whileInArabic(admin3.page, 'admin3@demo.test', admin3.session, async () => {
      const shown = await openSandboxDialog(admin3.page, FAILING);
      await admin3.page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await auditScreen(admin3.page, 'sandbox dialog ar', true)).toEqual([]);
      await screenshot(admin3.page, 'gateway-sandbox-dialog-ar');
      await admin3.page.keyboard.press('Escape');
      await shown.waitFor({ state: 'detached' });
      // On a 390 px phone: the row's button reached, the form fitting the screen.
      await admin3.page.setViewportSize(PHONE);
      const onPhone = await openSandboxDialog(admin3.page, FAILING);
      expect(await auditScreen(admin3.page, 'sandbox dialog 390 ar', true)).toEqual([]);
      expect(await phoneProblems(admin3.page, 'sandbox dialog', [onPhone])).toEqual([]);
      await screenshot(admin3.page, 'gateway-sandbox-dialog-390-ar');
      await admin3.page.keyboard.press('Escape');
      await onPhone.waitFor({ state: 'detached' });
    });
  });

  it('moves most traffic off a gateway failing 80 % of pay-ins, and brings it back when it recovers', async () => {
    const healthy = before.find((g) => g.payment_gateway_code === HEALTHY)!;
    await behave(healthy, '100', true);
    await setOnScreen(FAILING, '20');
    await putProfile(true);

    // SBX-THB-2 first: until the rates say otherwise it takes most pay-ins; once they do,
    // only exploration (20 %) goes to it.
    const off = await roundsUntil(HEALTHY, 0.7);
    expect(off.at(-1), `shares at ${HEALTHY}: ${off.join(' ')}`).toBeGreaterThanOrEqual(0.7);

    // It recovers. Its failures leave the one-minute window while exploration rates it again;
    // then it is first again and traffic comes back.
    await setOnScreen(FAILING, '100');
    const back = await roundsUntil(FAILING, 0.7);
    expect(back.at(-1), `shares at ${FAILING}: ${back.join(' ')}`).toBeGreaterThanOrEqual(0.7);

    // The live view on the monitoring page has seen both gateways' traffic and rates.
    let latest: RoutingLiveGateway[] = [];
    const refreshed = monitor.waitForResponse(async (r) => {
      if (!isCall(r.request(), 'getRoutingLive')) return false;
      latest = ((await r.json()) as { data: { gateways: RoutingLiveGateway[] } }).data.gateways;
      return true;
    });
    await refreshed;
    const live = $(monitor, `routing-live-row-${FAILING}`);
    const failing = latest.find((g) => g.payment_gateway_code === FAILING)!;
    await expect
      .poll(() => $(live, 'live-payin-share').innerText())
      .toContain(failing.payin_share ?? '');
    // Every word of it worded (the monitoring screen loads the routing words it names).
    expect(await $(monitor, 'routing-live-by-payin').innerText()).toContain(
      `Merchant ${MERCHANT} profile`,
    );
    await $(monitor, 'routing-live').scrollIntoViewIfNeeded();
    await screenshot(monitor, 'routing-live-traffic');
  });
});
