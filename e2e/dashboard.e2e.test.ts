import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DASHBOARD_EXCLUDED_CURRENCIES,
  DASHBOARD_KINDS,
  DASHBOARD_PERIODS,
  TIMEZONE_CHOICES,
  TOP_LIST_SIZE,
  formatMoney,
  formatMoneyTruncated,
  formatPercent,
  successPercent,
  type AccountType,
  type CallResponse,
  type CurrencyReportRow,
  type getAdminDashboardV2,
  type getReportDashboardV3,
  type PaymentGatewayRow,
} from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { openAuditedPage, PHONE } from './support/audited-page';
import { launchBrowser, openPage, REMINDER, screenshot } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  formFieldOf,
  isCall,
  scaledAmount,
  setLanguage,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { listAnswerAfter } from './support/lists';
import { DEMO_ROLES } from './support/roles';
import { preloaderGone } from './support/wait-for-css';

type Report = CallResponse<typeof getReportDashboardV3>;
type AdminOverview = CallResponse<typeof getAdminDashboardV2>;

const baseUrl = inject('baseUrl');
const LIVE_MS = inject('liveUpdateIntervalMs');
const ALL = '-';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);
const text = async (page: Page, testId: string) => (await $(page, testId).innerText()).trim();

/** What one role must and must not see on the dashboard. */
const ALL_KINDS = [...DASHBOARD_KINDS];
const EXPECTED = {
  admin: {
    isAdmin: true,
    hasSelector: true,
    canWithdraw: false,
    hasWallet: false,
    kinds: ALL_KINDS,
    balanceLabel: 'Merchants’ Balance',
  },
  reseller: {
    isAdmin: false,
    hasSelector: true,
    canWithdraw: true,
    hasWallet: true,
    kinds: ALL_KINDS,
    balanceLabel: 'Merchants’ Balance',
  },
  merchant: {
    isAdmin: false,
    hasSelector: false,
    canWithdraw: true,
    hasWallet: true,
    kinds: ALL_KINDS,
    balanceLabel: 'Balance',
  },
  // The sub-account holds payin and reports only: pay-in figures, no wallet, nothing to withdraw.
  'sub-account': {
    isAdmin: false,
    hasSelector: false,
    canWithdraw: false,
    hasWallet: false,
    kinds: ['payin'],
    balanceLabel: 'Balance',
  },
} as const;

const ADMIN_ONLY = [
  'admin-overview',
  'demo-data-switch',
  'pending-chart',
  'gateway-balance-table',
  'success-rate-by-currency',
  'last-processing-times',
];
const NON_MERCHANT = [
  'currency-select',
  'live-updates-switch',
  'statistics-card',
  'top-resellers',
  'top-merchants',
];

/** The account code the dashboard sends: none for admins, the reseller's, the merchant's. */
async function accountDbCodeOf(page: Page, session: ApiSession, type: AccountType) {
  if (type === 'admin') return '';
  const full = await callAs<{
    reseller_info: { account_db_code: string };
    merchant_info: { account_db_code: string };
  }>(page, session, 'getUserFullData');
  return type === 'reseller'
    ? full.reseller_info.account_db_code
    : full.merchant_info.account_db_code;
}

/** The currency cards as shown: per currency, each cell's texts and colours, and the balance. */
function readCards(page: Page) {
  return page.locator('[data-testid^="currency-card-"]').evaluateAll((cards) =>
    cards.map((card) => {
      const read = (el: Element | null) => (el as HTMLElement | null)?.innerText.trim() ?? null;
      const cells: Record<string, Record<string, string | null>> = {};
      card.querySelectorAll('[data-testid^="cell-"][data-testid*="-"]').forEach((cell) => {
        const id = cell.getAttribute('data-testid')!;
        if (!/^cell-(payin|payout|settlement)-/.test(id)) return;
        const volume = cell.querySelector('[data-testid="cell-volume"]');
        const count = cell.querySelector('[data-testid="cell-count"]');
        cells[id] = {
          volume: read(volume),
          volumeTrend: volume?.getAttribute('data-trend') ?? null,
          count: read(count),
          countTrend: count?.getAttribute('data-trend') ?? null,
          successRate: read(cell.querySelector('[data-testid="cell-success-rate"]')),
        };
      });
      return {
        currency: read(card.querySelector('[data-testid="currency-code"]')),
        balanceLabel: read(card.querySelector('.balance-row th')),
        balance: read(card.querySelector('[data-testid="card-balance"]')),
        cells,
      };
    }),
  );
}

const trendOf = (today: bigint, yesterday: bigint) =>
  today > yesterday ? 'up' : today < yesterday ? 'down' : 'flat';

/** Whether a row holds any figure: a count, a volume or a balance other than zero. */
const hasFigures = (row: CurrencyReportRow) =>
  Object.entries(row).some(([field, value]) =>
    field.endsWith('_count')
      ? Number(value) !== 0
      : (field.endsWith('_volume') || field === 'balance') && scaledAmount(String(value)) !== 0n,
  );

/**
 * Every card figure on screen equals the API's row, formatted as the spec says. A merchant's
 * (`traded`: its currencies) currency with no figures says so instead of a card of zeros.
 */
async function expectCardsToShow(
  page: Page,
  report: Report,
  isAdmin: boolean,
  balanceLabel: string,
  traded: readonly string[] | null = null,
) {
  const shown = report.currency_report.filter(
    (r) => !(DASHBOARD_EXCLUDED_CURRENCIES as readonly string[]).includes(r.currency),
  );
  const rows = shown.filter((r) => !traded?.includes(r.currency) || hasFigures(r));
  const cards = await readCards(page);
  expect(cards.map((c) => c.currency)).toEqual(rows.map((r) => r.currency));
  for (const currency of traded ?? []) {
    if (rows.some((r) => r.currency === currency)) continue;
    if ((DASHBOARD_EXCLUDED_CURRENCIES as readonly string[]).includes(currency)) continue;
    expect(await $(page, `no-figures-${currency}`).count(), currency).toBe(1);
  }
  for (const [index, row] of rows.entries()) {
    const card = cards[index]!;
    expect(card.balance).toBe(`${formatMoney(row.balance, row.currency)} ${row.currency}`);
    expect(card.balanceLabel).toBe(balanceLabel);
    // Only the kinds the caller's modules cover have cells.
    const shownCells = Object.keys(card.cells).map((id) => id.split('-')[1]);
    expect([...new Set(shownCells)]).toEqual(report.shown_kinds);
    for (const kind of report.shown_kinds) {
      for (const period of DASHBOARD_PERIODS) {
        const figure = (name: string) =>
          (row as CurrencyReportRow)[`${kind}_${period}_${name}` as keyof CurrencyReportRow];
        const success = Number(figure('success_count'));
        const total = Number(figure('total_count'));
        const cell = card.cells[`cell-${kind}-${period}`]!;
        expect(cell.volume, `${row.currency} ${kind} ${period}`).toBe(
          formatMoney(String(figure('volume')), row.currency),
        );
        expect(cell.count).toBe(success.toLocaleString('en-US'));
        expect(cell.successRate).toBe(
          isAdmin ? formatPercent(successPercent(success, total)) : null,
        );
        if (period === 'today') {
          const yesterday = (name: string) =>
            (row as CurrencyReportRow)[`${kind}_yesterday_${name}` as keyof CurrencyReportRow];
          expect(cell.volumeTrend).toBe(
            trendOf(
              scaledAmount(String(figure('volume'))),
              scaledAmount(String(yesterday('volume'))),
            ),
          );
          expect(cell.countTrend).toBe(
            trendOf(BigInt(success), BigInt(Number(yesterday('success_count')))),
          );
        }
      }
    }
  }
}

/** The top-volume tables show the API's lists, in order, name, volume and balance. */
/** `currency`: the dashboard's (amounts in its minor units), '' for all currencies. */
async function expectTopTablesToShow(page: Page, report: Report, currency: string) {
  const tables = [
    [
      'top-resellers',
      report.top_balance_resellers.map((r) => [
        r.reseller_name,
        r.payin_this_month_volume,
        r.amount,
      ]),
    ],
    [
      'top-merchants',
      report.top_balance_merchants.map((m) => [
        m.merchant_name,
        m.payin_this_month_volume,
        m.amount,
      ]),
    ],
  ] as const;
  for (const [testId, rows] of tables) {
    const table = $(page, testId);
    // Each table says which balance it shows: a reseller's commission, a merchant's available.
    expect((await table.locator('thead th').last().innerText()).trim()).toBe(
      testId === 'top-resellers' ? 'Available Commission' : 'Available Balance',
    );
    const shown = await table
      .locator('[data-testid="top-row"]')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          ['top-name', 'top-volume', 'top-balance'].map((id) =>
            (tr.querySelector(`[data-testid="${id}"]`) as HTMLElement).innerText.trim(),
          ),
        ),
      );
    expect(shown.length).toBeLessThanOrEqual(TOP_LIST_SIZE);
    expect(shown).toEqual(
      rows.map(([name, volume, balance]) => [
        name,
        formatMoney(volume, currency),
        formatMoney(balance, currency),
      ]),
    );
    if (rows.length === 0) {
      expect((await table.locator('[data-testid="top-empty"]').innerText()).trim()).toBe(
        'No volume this month from any merchant',
      );
    }
  }
}

/** Waits until the dashboard shows the figures of the answer to the call it just made. */
async function waitForFigures(page: Page, isAdmin: boolean) {
  await page
    .locator('[data-testid="currency-cards"], [data-testid="no-currency-cards"]')
    .first()
    .waitFor();
  if (isAdmin) await $(page, 'admin-overview').waitFor();
  await page.locator('[data-testid="last-updated"] .spinner-border').waitFor({ state: 'detached' });
  await preloaderGone(page); // the layout's 1.5 s loader
}

describe.each(DEMO_ROLES)('the $key dashboard', (role) => {
  const expected = EXPECTED[role.key as keyof typeof EXPECTED];
  let context: BrowserContext;
  let page: Page;
  let session: ApiSession;
  let accountDbCode: string;
  let currency: string;

  const reportFor = (fields: { currency: string; statisticsType: string }) =>
    callAs<Report>(page, session, 'getReportDashboardV3', {
      ...fields,
      accountType: role.accountType,
      accountDbCode,
    });

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, baseUrl));
    session = await signInKeepingSession(page, role.email);
    await closeTwoFactorReminder(page);
    accountDbCode = await accountDbCodeOf(page, session, role.accountType);
    if (expected.hasSelector) {
      const currencies = await callAs<{ value: string }[]>(page, session, 'getSupportedCurrency');
      currency = currencies.some((c) => c.value === 'THB') ? 'THB' : currencies[0]!.value;
    } else {
      currency = ALL;
    }
    await waitForFigures(page, expected.isAdmin);
  });
  afterAll(async () => context?.close());

  it('shows the elements of its role and none of the others', async () => {
    for (const id of ADMIN_ONLY)
      expect(await $(page, id).count(), id).toBe(expected.isAdmin ? 1 : 0);
    for (const id of NON_MERCHANT) {
      expect(await $(page, id).count(), id).toBe(role.accountType === 'merchant' ? 0 : 1);
    }
    expect(await $(page, 'usdt-wallet-bar').count()).toBe(expected.hasWallet ? 1 : 0);
    expect(await $(page, 'withdraw-usdt-link').count()).toBe(expected.canWithdraw ? 1 : 0);
    if (expected.canWithdraw) {
      expect(await $(page, 'withdraw-usdt-link').getAttribute('href')).toBe('/settlement/list');
    }
    expect(await $(page, 'currency-cards').count()).toBe(1);
    const zones = await $(page, 'time-zone-select')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(zones).toEqual([...TIMEZONE_CHOICES]);
    // 2025-04-15 has passed on the real clock: no merchant sees the notice any more.
    expect(await $(page, 'login-ip-notice').count()).toBe(0);
  });

  it('opens on the spec defaults: THB (else the first currency), 1M, live updates on', async () => {
    if (!expected.hasSelector) return;
    expect(await $(page, 'currency-select').inputValue()).toBe(currency);
    expect(await $(page, 'currency-select').locator(`option[value="${ALL}"]`).count()).toBe(1);
    expect(await $(page, 'live-updates-switch').isChecked()).toBe(true);
    expect(await $(page, 'period-1M').getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the figures the API returns for the same call', async () => {
    const report = await reportFor({ currency, statisticsType: '1M' });
    expect(report.shown_kinds).toEqual(expected.kinds);
    const traded =
      role.accountType === 'merchant'
        ? (await callAs<{ value: string }[]>(page, session, 'getSupportedCurrency')).map(
            (c) => c.value,
          )
        : null;
    await expectCardsToShow(page, report, expected.isAdmin, expected.balanceLabel, traded);
    if (expected.hasSelector) {
      expect(await text(page, 'total-payin')).toBe(
        `${formatMoney(report.statistics.total_payin, currency)} ${currency}`,
      );
      expect(await text(page, 'total-payout')).toBe(
        `${formatMoney(report.statistics.total_payout, currency)} ${currency}`,
      );
      await expectTopTablesToShow(page, report, currency);
    }
    if (expected.hasWallet) {
      const wallet = await callAs<{ balance: string }>(page, session, 'getUsdtWalletBalance', {
        accountDbCode,
      });
      expect(await text(page, 'usdt-wallet-balance')).toBe(
        `${formatMoneyTruncated(wallet.balance)} USDT`,
      );
    }
  });

  it('saves a screenshot of the dashboard', async () => {
    // Every chart loaded and drawn, its entry animation over (ECharts' `finished` event).
    await page.waitForFunction(
      () => !document.querySelector('[aria-busy="true"], [data-chart-drawn="false"]'),
    );
    await screenshot(page, `dashboard-${role.key}`, true);
  });

  it('shows timestamps in the chosen time zone (Default is UTC)', async () => {
    const select = $(page, 'time-zone-select');
    expect(await select.inputValue()).toBe('Default');
    const utc = await $(page, 'last-updated-time').getAttribute('data-time');
    await select.selectOption('Malaysia');
    const malaysia = await $(page, 'last-updated-time').getAttribute('data-time');
    const at = (t: string | null) => Date.parse(`${t!.replace(' ', 'T')}Z`);
    // A live refetch may land in between: allow the interval, never a whole other hour.
    const shift = at(malaysia) - at(utc);
    expect(shift).toBeGreaterThanOrEqual(8 * 3_600_000);
    expect(shift).toBeLessThan(8 * 3_600_000 + LIVE_MS + 5_000);
    await select.selectOption('Default');
  });

  it('refetches its figures every live-update interval (getAppSettings)', async () => {
    const settings = await callAs<{ live_update_interval_ms: number }>(
      page,
      session,
      'getAppSettings',
    );
    expect(settings.live_update_interval_ms).toBe(LIVE_MS);
    const first = await page.waitForRequest((r) => isCall(r, 'getReportDashboardV3'), {
      timeout: LIVE_MS + 5_000,
    });
    const firstAt = Date.now();
    await page.waitForRequest((r) => isCall(r, 'getReportDashboardV3'), {
      timeout: LIVE_MS + 5_000,
    });
    const gap = Date.now() - firstAt;
    expect(gap).toBeGreaterThan(LIVE_MS * 0.7);
    expect(formFieldOf(first, 'accountDbCode')).toBe(accountDbCode);
    expect(formFieldOf(first, 'accountType')).toBe(role.accountType);
  });

  it.runIf(expected.hasSelector)('stops refetching when Live Updates is switched off', async () => {
    let calls = 0;
    const count = (r: Parameters<typeof isCall>[0]) => {
      if (isCall(r, 'getReportDashboardV3')) calls += 1;
    };
    await $(page, 'live-updates-switch').uncheck();
    page.on('request', count);
    await page.waitForTimeout(LIVE_MS * 2 + 1_000);
    page.off('request', count);
    expect(calls).toBe(0);
    await $(page, 'live-updates-switch').check();
    await page.waitForRequest((r) => isCall(r, 'getReportDashboardV3'), {
      timeout: LIVE_MS + 5_000,
    });
  });

  it.runIf(expected.hasSelector)('reloads when the period changes', async () => {
    const sent = page.waitForRequest(
      (r) => isCall(r, 'getReportDashboardV3') && formFieldOf(r, 'statisticsType') === '7D',
    );
    await $(page, 'period-7D').click();
    await sent;
    expect(await $(page, 'period-7D').getAttribute('aria-pressed')).toBe('true');
    const report = await reportFor({ currency, statisticsType: '7D' });
    await expect
      .poll(() => text(page, 'total-payin'))
      .toBe(`${formatMoney(report.statistics.total_payin, currency)} ${currency}`);
    expect(await text(page, 'total-payout')).toBe(
      `${formatMoney(report.statistics.total_payout, currency)} ${currency}`,
    );
    await $(page, 'statistics-chart').waitFor();
    await $(page, 'period-1M').click();
  });

  it.runIf(expected.hasSelector)('reloads when the currency changes', async () => {
    const options = await $(page, 'currency-select')
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const other = options.find((v) => v !== currency && v !== ALL && !v.includes('_'))!;
    const sent = page.waitForRequest(
      (r) => isCall(r, 'getReportDashboardV3') && formFieldOf(r, 'currency') === other,
    );
    await $(page, 'currency-select').selectOption(other);
    await sent;
    await $(page, `currency-card-${other}`).waitFor();
    await waitForFigures(page, expected.isAdmin);
    const report = await reportFor({ currency: other, statisticsType: '1M' });
    expect(report.shown_kinds).toEqual(expected.kinds);
    await expectCardsToShow(page, report, expected.isAdmin, expected.balanceLabel);
    await expectTopTablesToShow(page, report, other);
    expect(await text(page, 'total-payin')).toBe(
      `${formatMoney(report.statistics.total_payin, other)} ${other}`,
    );

    // The all-countries choice ('-') sends '-' and shows every currency's card.
    const all = page.waitForRequest(
      (r) => isCall(r, 'getReportDashboardV3') && formFieldOf(r, 'currency') === ALL,
    );
    await $(page, 'currency-select').selectOption(ALL);
    await all;
    await expect.poll(async () => (await readCards(page)).length).toBeGreaterThan(1);
    await expectCardsToShow(
      page,
      await reportFor({ currency: ALL, statisticsType: '1M' }),
      expected.isAdmin,
      expected.balanceLabel,
    );
    await $(page, 'currency-select').selectOption(currency);
    await $(page, `currency-card-${currency}`).waitFor();
  });

  it.runIf(expected.isAdmin)('shows the admin overview the API returns', async () => {
    const overview = await callAs<AdminOverview>(page, session, 'getAdminDashboardV2', {
      currency,
    });
    const tile = (id: string) => $(page, id).locator('[data-testid="tile-value"]').innerText();
    expect(await tile('overview-success-rate')).toBe(formatPercent(overview.success_rate));
    expect(await tile('overview-pending')).toBe(
      overview.pending_transactions.toLocaleString('en-US'),
    );
    expect(await tile('overview-resellers')).toBe(String(overview.total_resellers));
    expect(await tile('overview-merchants')).toBe(String(overview.total_merchants));
    expect(await $(page, 'overview-resellers').innerText()).toContain(
      `New today: ${overview.new_reseller_today}`,
    );
    const percents = await page.locator('[data-testid="currency-success-percent"]').allInnerTexts();
    expect(percents).toEqual(
      overview.success_rate_each_currency.map((r) => formatPercent(r.percentage)),
    );
    expect(await page.locator('[data-testid="processing-time-row"]').count()).toBe(
      overview.last_10_transaction_processing_time.length,
    );
    const gateways = await $(page, 'gateway-balance-table')
      .locator('[data-testid="gateway-balance-row"]')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          ['gateway-name', 'gateway-deposit-balance', 'gateway-limit', 'gateway-percent'].map(
            (id) => (tr.querySelector(`[data-testid="${id}"]`) as HTMLElement).innerText.trim(),
          ),
        ),
      );
    expect(gateways).toEqual(
      overview.top_pg_balance.map((g) => [
        g.payment_gateway_name,
        formatMoney(g.pg_deposit_balance, g.currency),
        formatMoney(g.balance_limit, g.currency),
        `${formatMoney(g.percent)}%`,
      ]),
    );
    // The pending chart's bars and their links to the five pending lists.
    const links = {
      payin: '/transactions/processing-list',
      payout: '/payouts/pending-list',
      settlement: '/settlement/pending-list',
      settlement_wallet: '/settlement-wallet/pending-list',
      withdrawal: '/withdrawals/pending-list',
    } as const;
    for (const [kind, path] of Object.entries(links)) {
      const link = $(page, `pending-link-${kind}`);
      // Filtered to the dashboard's currency, as its counts are.
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^${path}(\\?currency=[A-Z_]+)?$`),
      );
      expect(await link.locator('[data-testid="pending-count"]').innerText()).toBe(
        String(overview.pending_list[kind as keyof typeof links]),
      );
    }
    await $(page, 'pending-chart-canvas').locator('canvas').waitFor();
  });

  it.runIf(expected.isAdmin)('opens a pending list from the pending chart', async () => {
    // The pay-out bar says what it counts, and counts exactly the rows of the list it opens.
    const link = $(page, 'pending-link-payout');
    expect(await link.innerText()).toContain('Payout awaiting approval');
    const shown = Number(await link.locator('[data-testid="pending-count"]').innerText());
    const { data } = await listAnswerAfter<{ total: number }>(page, 'getPayoutList', () =>
      link.click(),
    );
    await page.waitForURL((url) => url.pathname === '/payouts/pending-list');
    expect(data.total).toBe(shown);
    // A queue's tabs offer only what it holds: it holds pay-outs awaiting approval alone.
    expect(await page.locator('[data-testid^="list-status-tab-"]').count()).toBe(0);
    await page.goBack();
    await closeTwoFactorReminder(page);
    await waitForFigures(page, true);
  });

  it.runIf(expected.isAdmin)(
    'counts the settlement and withdrawal queues as their lists, whose tabs are their statuses',
    async () => {
      const queues = [
        ['settlement', 'getSettlementList', '/settlement/pending-list'],
        ['settlement_wallet', 'getSettlementWalletList', '/settlement-wallet/pending-list'],
        ['withdrawal', 'getWithdrawalList', '/withdrawals/pending-list'],
      ] as const;
      for (const [kind, call, path] of queues) {
        const link = $(page, `pending-link-${kind}`);
        const shown = Number(await link.locator('[data-testid="pending-count"]').innerText());
        const { data } = await listAnswerAfter<{ total: number }>(page, call, () => link.click());
        await page.waitForURL((url) => url.pathname === path);
        expect(data.total, kind).toBe(shown);
        // A queue holds requests waiting for approval and approved ones waiting to be done.
        const tabs = await page
          .locator('[data-testid^="list-status-tab-"]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
        expect(tabs, kind).toEqual([
          'list-status-tab-all',
          'list-status-tab-pending',
          'list-status-tab-approved',
        ]);
        await page.goBack();
        await closeTwoFactorReminder(page);
        await waitForFigures(page, true);
      }
    },
  );

  it.runIf(expected.isAdmin)('warns about each inactive gateway until dismissed', async () => {
    // The warning lists the inactive gateways of the currency on screen (getAdminDashboardV2).
    const list = await callAs<{ rows: PaymentGatewayRow[] }>(
      page,
      session,
      'getPaymentGatewayList',
      {
        status: 'activated',
        currency,
      },
    );
    const gateway = list.rows[0]!;
    await callAs(page, session, 'updatePaymentGatewayStatus', {
      id: gateway.id,
      status: 'inactive',
    });
    try {
      await page.reload();
      await closeTwoFactorReminder(page);
      await waitForFigures(page, true);
      const alert = $(page, 'inactive-gateways-alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain(
        `${gateway.payment_gateway_name} (${gateway.currency})`,
      );
      expect(await $(page, 'inactive-gateways-link').getAttribute('href')).toBe('/payment-gateway');
      await screenshot(page, 'dashboard-admin-inactive-gateway');
      await alert.locator('.btn-close').click();
      await alert.waitFor({ state: 'detached' });
    } finally {
      await callAs(page, session, 'updatePaymentGatewayStatus', {
        id: gateway.id,
        status: 'activated',
      });
    }
    await page.reload();
    await closeTwoFactorReminder(page);
    await waitForFigures(page, true);
    await expect
      .poll(async () => (await $(page, 'inactive-gateways-alert').allInnerTexts()).join(' '))
      .not.toContain(gateway.payment_gateway_name);
  });

  it.runIf(expected.isAdmin)('includes or leaves out demo data with the switch', async () => {
    const toggle = $(page, 'demo-data-switch');
    expect(await toggle.isChecked()).toBe(true);
    try {
      const [off] = await Promise.all([
        page.waitForRequest((r) => isCall(r, 'onOffDemoData')),
        page.waitForResponse((r) => isCall(r.request(), 'getAdminDashboardV2')),
        toggle.click(),
      ]);
      expect(formFieldOf(off, 'enabled')).toBe('0');
      await expect.poll(() => toggle.isChecked()).toBe(false);
      const overview = await callAs<AdminOverview>(page, session, 'getAdminDashboardV2', {
        currency,
      });
      expect(overview.is_included_demo_data).toBe(0);
      await waitForFigures(page, true);
      await expectCardsToShow(
        page,
        await reportFor({ currency, statisticsType: '1M' }),
        true,
        'Merchants’ Balance',
      );
      // What does not follow the switch says so; what does is empty, with a message.
      await $(page, 'gateway-balances-with-demo').waitFor();
      expect(await $(page, 'currency-success-rate').count()).toBe(
        overview.success_rate_each_currency.length,
      );
      if (overview.success_rate_each_currency.length === 0)
        await $(page, 'no-currency-success-rate').waitFor();
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.click();
      await $(page, 'gateway-balances-with-demo').waitFor({ state: 'detached' });
      await expect.poll(() => toggle.isChecked()).toBe(true);
    } finally {
      await callAs(page, session, 'onOffDemoData', { enabled: '1' });
    }
  });
});

describe('the merchant login-IP notice', () => {
  const merchant = DEMO_ROLES.find((r) => r.key === 'merchant')!;
  const reseller = DEMO_ROLES.find((r) => r.key === 'reseller')!;
  const BEFORE_DEADLINE = '2025-04-15T03:59:00Z';

  /**
   * Signs in with the browser's clock fixed at `now` (the CSP bypassed, for axe) and opens the
   * dashboard, in `lang` (the user's saved language; English is saved back at `finish`).
   */
  async function openDashboardAt(email: string, now: string, lang: 'en' | 'ar' = 'en') {
    const opened = await openAuditedPage(browser, baseUrl);
    await opened.page.clock.setFixedTime(new Date(now));
    const session = await signInKeepingSession(opened.page, email);
    if (lang === 'ar') {
      await setLanguage(opened.page, session, 'ar');
      await opened.page.reload();
      await opened.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    }
    await $(opened.page, 'dashboard').waitFor();
    const finish = async () => {
      if (lang === 'ar') await setLanguage(opened.page, session, 'en').catch(() => undefined);
      await opened.context.close();
    };
    return { ...opened, finish };
  }

  /** The notice's own state: 'waiting' (for the 2FA reminder), 'open' or 'closed'. */
  const noticeState = (page: Page) => $(page, 'login-ip-notice-state').getAttribute('data-state');

  const isFocusInDialog = (page: Page) =>
    page.evaluate(() => document.activeElement?.closest('dialog.bo-dialog') != null);

  for (const lang of ['en', 'ar'] as const) {
    it(`waits for the 2FA reminder, then is a modal dialog: focus kept, page inert, axe clean (${lang})`, async () => {
      const { page, errors, finish } = await openDashboardAt(merchant.email, BEFORE_DEADLINE, lang);
      try {
        // The reminder comes first, and the notice waits behind it: a modal dialog over the
        // popup would make it inert.
        expect(await page.locator('#layout-wrapper').getAttribute('data-two-factor-reminder')).toBe(
          'due',
        );
        await page.locator(`${REMINDER}.swal2-show`).waitFor();
        // The notice is due, and waits: it sets no timer before the reminder is closed.
        await page.locator('[data-testid="dashboard"][data-login-ip-notice="due"]').waitFor();
        expect(await noticeState(page)).toBe('waiting');
        expect(await $(page, 'login-ip-notice').count()).toBe(0);
        expect(await page.locator('dialog.bo-dialog').count()).toBe(0);
        await closeTwoFactorReminder(page);

        const notice = $(page, 'login-ip-notice');
        await notice.waitFor();
        const dialog = page.locator('dialog.bo-dialog');
        expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
        expect(await notice.innerText()).toContain(
          lang === 'en' ? 'Add IP Address' : 'إضافة عنوان IP',
        );
        // The focus is in it, and the page behind is inert: one of its controls takes none.
        expect(await isFocusInDialog(page)).toBe(true);
        const behind = $(page, 'time-zone-select');
        const takesFocus = () =>
          behind.evaluate((el) => {
            (el as HTMLElement).focus();
            return el === document.activeElement;
          });
        expect(await takesFocus()).toBe(false);
        // Tab and Shift+Tab go round inside it.
        for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
          await page.keyboard.press(key);
          expect(await isFocusInDialog(page), `the focus left the notice after ${key}`).toBe(true);
        }
        expect(findingLines(`login-IP notice ${lang}`, await runAxe(page))).toEqual([]);
        await screenshot(page, `dashboard-merchant-login-ip-notice-${lang}`);
        // At a phone's size it fits the screen.
        await page.setViewportSize(PHONE);
        // The side menu slides away at this width: the shot waits until it has.
        await page.evaluate(async () => {
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          await Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          );
        });
        const box = await notice.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
        await screenshot(page, `phone-merchant-login-ip-notice-${lang}`);

        // Escape closes it; the focus is back on the page, which takes it again.
        await page.keyboard.press('Escape');
        await notice.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.isConnected)).toBe(true);
        expect(await isFocusInDialog(page)).toBe(false);
        expect(await takesFocus()).toBe(true);
        // Once closed, it stays closed on this page: 'closed' is a state it never leaves.
        expect(await noticeState(page)).toBe('closed');
        expect(errors).toEqual([]);
      } finally {
        await finish();
      }
    });
  }

  it("waits behind an 'Oops...' that took the reminder's place, and opens once it is done", async () => {
    const opened = await openAuditedPage(browser, baseUrl);
    const { page } = opened;
    try {
      await page.clock.setFixedTime(new Date(BEFORE_DEADLINE));
      // The dashboard's first figures fail, but only once the reminder is up.
      let letItFail!: () => void;
      const reminderUp = new Promise<void>((resolve) => (letItFail = resolve));
      let held = 0;
      await page.route(
        (url) => url.pathname.endsWith('/getReportDashboardV3'),
        async (route) => {
          if (held++ > 0) return route.continue();
          await reminderUp;
          await route.fulfill({ json: { status: 400, message: 'Planted failure' } });
        },
      );
      await signInKeepingSession(page, merchant.email);
      await page.locator(`${REMINDER}.swal2-show`).waitFor();
      letItFail();
      // SweetAlert2 shows one popup at a time: the 'Oops...' takes the reminder's place.
      const oops = page.locator('.swal2-popup.swal2-icon-error');
      await oops.getByText('Planted failure.').waitFor();
      await page.locator(REMINDER).waitFor({ state: 'detached' });
      expect(await noticeState(page)).toBe('waiting');
      expect(await $(page, 'login-ip-notice').count()).toBe(0);
      // Done closes it; the notice comes, over nothing it would make inert.
      await oops.locator('.swal2-confirm').click();
      await $(page, 'login-ip-notice').waitFor();
      await page.locator('.swal2-container').waitFor({ state: 'detached' });
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.context.close();
    }
  });

  it('opens /profile?login_ip=true from Add IP Address', async () => {
    const { page, finish } = await openDashboardAt(merchant.email, BEFORE_DEADLINE);
    try {
      await closeTwoFactorReminder(page);
      await $(page, 'add-ip-address').click();
      await page.waitForURL(
        (url) => url.pathname === '/profile' && url.search === '?login_ip=true',
      );
      await page.locator('dialog.bo-dialog').waitFor({ state: 'detached' });
    } finally {
      await finish();
    }
  });

  const notShown = [
    ['does not show from the deadline on', merchant.email, '2025-04-15T04:00:00Z'],
    ['never shows to a reseller', reseller.email, '2025-04-01T00:00:00Z'],
  ] as const;
  for (const [title, email, now] of notShown) {
    it(title, async () => {
      const { page, finish } = await openDashboardAt(email, now);
      try {
        // With the reminder closed, or the notice would be waiting behind it anyway.
        await closeTwoFactorReminder(page);
        await waitForFigures(page, false);
        await page.locator('[data-testid="dashboard"][data-login-ip-notice="none"]').waitFor();
        expect(await $(page, 'login-ip-notice-state').count()).toBe(0);
        expect(await $(page, 'login-ip-notice').count()).toBe(0);
      } finally {
        await finish();
      }
    });
  }
});

describe('what disputes leave owed', () => {
  it('shows the admin the red "Owed to disputes" line under the balance, in English and Arabic', async () => {
    const admin = DEMO_ROLES.find((r) => r.accountType === 'admin')!;
    const { context, page } = await openPage(browser, baseUrl);
    const session = await signInKeepingSession(page, admin.email);
    try {
      await closeTwoFactorReminder(page);
      await waitForFigures(page, true);
      // The demo's dispute opened on a merchant that had settled everything leaves it owing.
      const all = await callAs<Report>(page, session, 'getReportDashboardV3', {
        currency: ALL,
        statisticsType: '1M',
        accountType: 'admin',
        accountDbCode: '',
      });
      const owing = all.currency_report.find((r) => scaledAmount(r.dispute_owed) > 0n);
      expect(owing, 'a currency with a dispute shortfall in the demo world').toBeDefined();
      const currency = owing!.currency;
      await $(page, 'currency-select').selectOption(currency);
      const card = $(page, `currency-card-${currency}`);
      await card.waitFor();
      await waitForFigures(page, true);
      for (const [lang, label] of [
        ['en', 'Owed to disputes'],
        ['ar', 'مستحق للنزاعات'],
      ] as const) {
        if (lang === 'ar') {
          await setLanguage(page, session, 'ar');
          await page.reload();
          await closeTwoFactorReminder(page);
          await $(page, 'currency-select').selectOption(currency);
          await card.waitFor();
          await waitForFigures(page, true);
        }
        const owed = card.locator('[data-testid="card-dispute-owed"]');
        await owed.waitFor();
        expect((await owed.innerText()).trim()).toBe(
          `${formatMoney(owing!.dispute_owed, currency)} ${currency}`,
        );
        // Its row: the label, in red, under the balance.
        const row = card.locator('tr:has([data-testid="card-dispute-owed"])');
        expect((await row.locator('th').innerText()).trim()).toBe(label);
        // Red (the emphasis red: the light red is below 4.5:1 on the row's grey), unlike the balance.
        const colourOf = (cell: string) =>
          card.locator(cell).evaluate((th) => getComputedStyle(th).color);
        const red = await colourOf('tr:has([data-testid="card-dispute-owed"]) th');
        expect(red).not.toBe(await colourOf('tr:has([data-testid="card-balance"]) th'));
        expect(red).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
        const [r, g, b] = red.match(/\d+/g)!.map(Number);
        expect(r! > g! && r! > b!, `the owed line is red: ${red}`).toBe(true);
        expect(
          await card.locator('tfoot tr').first().locator('[data-testid="card-balance"]').count(),
        ).toBe(1);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `dashboard-dispute-owed-${lang}`);
      }
    } finally {
      await setLanguage(page, session, 'en');
      await context.close();
    }
  });
});
