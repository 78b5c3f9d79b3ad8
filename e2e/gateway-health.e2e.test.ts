import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import {
  formatMoney,
  formatPercent,
  type GatewayHealthRow,
  type RoutingLiveGateway,
} from '@bo/contract';
import { launchBrowser, openPage, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  isCall,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { confirmPopup, postPayin } from './support/merchant-api';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const RULE_NAME = `E2E health ${RUN}`;
const SHOTS = '/tmp/shots-health';
/** The demo merchant's API key (server/src/seed/demo-money-setup.ts); MYR has one active gateway. */
const DEMO_KEY = { keyId: 'demo-merchant-key', secret: 'demo-merchant-secret' };
const WATCHED = 'SBX-MYR-1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);

async function shot(name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await preloaderGone(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Closes the success note a change ends with; answers its text. */
const closeSuccess = () => takeSuccessNote(page);

/** Opens the monitoring screen and answers the figures it was drawn from. */
async function openMonitoring() {
  const answered = page.waitForResponse((r) => isCall(r.request(), 'getGatewayHealth'));
  await page.goto('/payment-gateway/monitoring');
  await settle(page);
  await closeTwoFactorReminder(page);
  const body = (await (await answered).json()) as { data: { gateways: GatewayHealthRow[] } };
  await $(page, 'health-gateways').waitFor();
  return body.data.gateways;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  // A shared CI machine can be slow to answer the first pages of a fresh server.
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(110_000);
  session = await signInKeepingSession(page, 'admin@demo.test');
  // Traffic of this run through the sandbox (amount tails: .03 succeeds, .01 fails), so the
  // watched gateway has figures and a failure whatever part of the history is seeded yet.
  for (const [i, amount] of ['120.03', '121.01', '122.03'].entries()) {
    const created = await postPayin(baseUrl, DEMO_KEY, `health-${RUN}-${i}`, {
      amount,
      currency: 'MYR',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});
afterAll(async () => {
  // Leave no rule behind (its alerts would show on later dashboards).
  const { rules } = await callAs<{ rules: { id: string; name: string }[] }>(
    page,
    session,
    'getGatewayHealthRules',
  ).catch(() => ({ rules: [] }));
  for (const rule of rules.filter((r) => r.name === RULE_NAME))
    await callAs(page, session, 'deleteGatewayHealthRule', { id: rule.id });
  await context?.close();
  await browser?.close();
});

describe('gateway health monitoring', () => {
  let watched: GatewayHealthRow;

  it('shows each gateway with its figures and chart on the demo world', async () => {
    // The callbacks of this run's pay-ins have arrived (the sandbox answers within a second).
    await expect
      .poll(
        async () => {
          const { gateways } = await callAs<{ gateways: GatewayHealthRow[] }>(
            page,
            session,
            'getGatewayHealth',
          );
          const g = gateways.find((x) => x.payment_gateway_code === WATCHED)!;
          return g.windows[0]!.failed_count > 0 && g.latency_samples >= 3;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const gateways = await openMonitoring();
    expect(await $(page, 'page-title').textContent()).toBe('Payment Gateway Monitoring');
    expect(await page.locator('[data-testid^="gateway-health-SBX-"]').count()).toBe(
      gateways.length,
    );
    watched = gateways.find((g) => g.payment_gateway_code === WATCHED)!;
    expect(watched.latency_p50_ms).not.toBeNull();
    const card = $(page, `gateway-health-${watched.payment_gateway_code}`);
    const day = watched.windows.find((w) => w.window === '24h')!;
    expect(await $(card, 'health-window-24h').innerText()).toContain(
      formatPercent(day.success_rate),
    );
    expect(await $(card, 'health-window-24h').innerText()).toContain(`of ${day.attempts}`);
    expect(await card.innerText()).toContain('Declined by the gateway');
    await card.locator('[aria-label^="Pay-ins per hour (last 24 h)"] canvas').first().waitFor();
    await shot('monitoring-admin', true);
  });

  it('shows the last hour of routing: each gateway’s share, success and deposit headroom', async () => {
    // The view refreshes at the live interval: compare the screen with the latest answer.
    let latest: RoutingLiveGateway | undefined;
    const listen = async (response: Response) => {
      if (!isCall(response.request(), 'getRoutingLive')) return;
      const body = (await response.json()) as { data: { gateways: RoutingLiveGateway[] } };
      latest = body.data.gateways.find((g) => g.payment_gateway_code === WATCHED);
    };
    page.on('response', listen);
    try {
      await page.goto('/payment-gateway/monitoring?currency=MYR');
      await settle(page);
      await closeTwoFactorReminder(page);
      const row = $(page, `routing-live-row-${WATCHED}`);
      await row.waitFor();
      await expect
        .poll(async () => {
          if (!latest) return false;
          const share = await $(row, 'live-payin-share').innerText();
          const headroom = await $(row, 'live-headroom').innerText();
          return (
            share.includes(formatPercent(latest.payin_share)) &&
            headroom === formatMoney(latest.deposit_headroom, 'MYR')
          );
        })
        .toBe(true);
      expect(latest!.payins).toBeGreaterThanOrEqual(3);
      expect(await $(page, 'routing-live-by-payin').first().innerText()).toMatch(/^Pay-ins: \d/);
      await shot('monitoring-routing-live');
    } finally {
      page.off('response', listen);
    }
  });

  it('checks a new rule in place, then creates it after confirmation', async () => {
    await $(page, 'health-rule-add').click();
    const dialog = $(page, 'health-rule-dialog');
    await dialog.waitFor();
    await $(dialog, 'health-rule-percent').fill('101');
    await $(dialog, 'health-rule-submit').click();
    expect(await dialog.locator('.invalid-feedback').allInnerTexts()).toEqual([
      'Enter a name',
      'Enter a percent from 0 to 100 with at most 2 decimals',
    ]);
    await $(dialog, 'health-rule-name').fill(RULE_NAME);
    await $(dialog, 'health-rule-gateway').selectOption(watched.id);
    await $(dialog, 'health-rule-window').fill('60');
    await $(dialog, 'health-rule-percent').fill('100');
    await $(dialog, 'health-rule-attempts').fill('1');
    await shot('monitoring-rule-dialog');
    await $(dialog, 'health-rule-submit').click();
    const created = page.waitForResponse((r) => isCall(r.request(), 'createGatewayHealthRule'));
    expect(await confirmPopup(page)).toContain(RULE_NAME);
    expect((await (await created).json()).status).toBe(200);
    expect(await closeSuccess()).toBe('The health rule was created');
    await dialog.waitFor({ state: 'detached' });
    const row = $(page, 'health-rule-row').filter({ hasText: RULE_NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain(watched.payment_gateway_name);
  });

  it('raises the alert when the rule fires, on the screen and on the dashboard', async () => {
    const evaluated = page.waitForResponse((r) =>
      isCall(r.request(), 'evaluateGatewayHealthRules'),
    );
    await $(page, 'health-evaluate').click();
    await confirmPopup(page);
    expect((await (await evaluated).json()).status).toBe(200);
    expect(await closeSuccess()).toContain('Rules evaluated');
    const alert = $(page, 'health-alert').filter({ hasText: RULE_NAME });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(watched.payment_gateway_name);
    await shot('monitoring-alert', true);

    const overview = page.waitForResponse((r) => isCall(r.request(), 'getAdminDashboardV2'));
    await page.goto('/');
    await settle(page);
    await closeTwoFactorReminder(page);
    await overview;
    const banner = $(page, 'health-alerts-alert');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(RULE_NAME);
    await shot('dashboard-health-alert');
    await $(banner, 'health-alerts-link').click();
    await page.waitForURL((url) => url.pathname === '/payment-gateway/monitoring');
    await settle(page);
    await closeTwoFactorReminder(page);
  });

  it('deletes the rule after confirmation, closing its alert', async () => {
    await $(page, 'health-gateways').waitFor();
    const row = $(page, 'health-rule-row').filter({ hasText: RULE_NAME });
    const deleted = page.waitForResponse((r) => isCall(r.request(), 'deleteGatewayHealthRule'));
    await $(row, 'health-rule-delete').click();
    await confirmPopup(page);
    expect((await (await deleted).json()).status).toBe(200);
    expect(await closeSuccess()).toBe('The health rule was deleted');
    await row.waitFor({ state: 'detached' });
    await $(page, 'health-alert').filter({ hasText: RULE_NAME }).waitFor({ state: 'detached' });
    const overview = await callAs<{ gateway_health_alerts: { rule_name: string }[] }>(
      page,
      session,
      'getAdminDashboardV2',
    );
    expect(overview.gateway_health_alerts.map((a) => a.rule_name)).not.toContain(RULE_NAME);
  });
});
