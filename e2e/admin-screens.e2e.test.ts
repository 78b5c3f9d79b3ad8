import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  BALANCE_ACCOUNT_TYPES,
  ERRORS,
  EXPORT_LIST_CALL,
  getAdjustmentList,
  getAdminLogs,
  getAllCurrencyBalance,
  getBalanceReport,
  getContractLedgerSummary,
  getEarningsReport,
  getGatewayAdminList,
  getPgCurrencyBalanceList,
  getUsdtRateHistory,
  getWithdrawalHistory,
  exportFileBase,
  ROUTES,
  type CallDef,
  type GatewayHealthRow,
} from '@bo/contract';
import {
  everyRow,
  expectedCells,
  expectedShown,
  exportColumnsOf,
  exportShown,
  formFieldsOf,
  shownListState,
  withoutPage,
  zoneOfHeading,
  type ExportFormat,
} from './support/admin-screens';
import {
  callApi,
  launchBrowser,
  openPage,
  pathOf,
  readMenu,
  screenshot,
  settle,
  signIn,
} from './support/browser';
import {
  approveAsSecondAdmin,
  callAs,
  closeTwoFactorReminder,
  isCall,
  scaledAmount,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { newAccountWithPassword } from './support/accounts';
import { confirmPopup } from './support/merchant-api';
import { byTestId as $, listAnswerAfter } from './support/lists';
import { takeSuccessNote } from './support/success';

/**
 * Issue 13's house standard on every administrator screen, as the admin: a list keeps its
 * filters, sort and page in the URL (a reload shows the same state and the same rows) and
 * exports every row matching its filters, not the page on screen (the file is compared cell by
 * cell with every matching row read through the list call itself); general settings show what
 * was saved after a reload; and an admin without the administrator module opens none of them.
 * (/report-setting has its own file.)
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const DAY_MS = 86_400_000;
/** A whole day `days` before today (UTC), as the list kit keeps dates in the URL. */
const dayBefore = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
/** An instant three days ago to the minute (what the picker sets): balances then stay put. */
const PAST = new Date(Math.floor((Date.now() - 3 * DAY_MS) / 60_000) * 60_000).toISOString();
/**
 * The currency whose USDT rate this file changes: no contract, gateway or other file uses it,
 * so the rate history and the admin log get rows of this run's own, enough for a second page.
 */
const RATE_CURRENCY = 'BDT_FOREX';
const PAGE_SIZE = 10;
const MIN_AMOUNT = scaledAmount('1000');

type Row = Record<string, unknown>;
/** Whether a row's field holds `part`, in any case. */
const holds = (row: Row, field: string, part: string) =>
  String(row[field]).toLowerCase().includes(part.toLowerCase());

/** One administrator list screen as this file walks it. */
interface AdminList {
  readonly route: string;
  readonly call: CallDef;
  /** Filters, sort and page in the URL: a second page wherever the demo world has one. */
  readonly query: string;
  /** The field naming a row, and the amounts the file must hold as the list answers them. */
  readonly key: string;
  readonly amounts: readonly string[];
  readonly format: ExportFormat;
  /** Whether a row answers the URL's filters (every row read and exported must). */
  readonly matches: (row: Row) => boolean;
}

const second = `pageSize=${PAGE_SIZE}&page=2`;
const FROM = dayBefore(20);
const TO = dayBefore(6);
const LISTS: readonly AdminList[] = [
  {
    // Ten demo gateways: one page even at the smallest size, so filters and sort are the state.
    route: '/payment-gateway',
    call: getGatewayAdminList,
    query: 'status=activated&search=SBX&sort=payment_gateway_code&direction=desc',
    key: 'payment_gateway_code',
    amounts: ['pg_deposit_balance', 'balance_limit', 'payin_cost_fixed', 'payout_cost_fixed'],
    format: 'csv',
    matches: (r) => r.status === 'activated' && holds(r, 'payment_gateway_code', 'SBX'),
  },
  {
    route: '/pg-currency-balance',
    call: getPgCurrencyBalanceList,
    query: 'status=activated&sort=payment_gateway_code&direction=asc',
    key: 'payment_gateway_code',
    amounts: ['pg_deposit_balance', 'balance_limit', 'percent'],
    format: 'csv',
    matches: (r) => r.status === 'activated',
  },
  {
    route: '/balance-reports',
    call: getBalanceReport,
    // Ten account types a currency: a currency is one page; the third page of them all.
    query: `at=${encodeURIComponent(PAST)}&pageSize=${PAGE_SIZE}&page=3`,
    key: 'id',
    amounts: ['balance'],
    format: 'xlsx',
    matches: (r) => (BALANCE_ACCOUNT_TYPES as readonly unknown[]).includes(r.account_type),
  },
  {
    route: '/earnings-report',
    call: getEarningsReport,
    query: `currency=THB&from=${FROM}&to=${TO}&timeZone=India&${second}`,
    key: 'id',
    amounts: ['fee', 'gateway_cost', 'reseller_commission', 'earnings'],
    format: 'csv',
    matches: (r) => r.currency === 'THB' && String(r.day) >= FROM && String(r.day) <= TO,
  },
  {
    route: '/all-currency-balance',
    call: getAllCurrencyBalance,
    query: `search=MER&${second}`,
    key: 'id',
    amounts: [
      'available',
      'reserved',
      'payout_available',
      'payout_reserved',
      'commission',
      'commission_reserved',
      'total',
    ],
    format: 'csv',
    matches: (r) => holds(r, 'account_db_code', 'MER') || holds(r, 'account_name', 'MER'),
  },
  {
    route: '/contract-ledger-summary',
    call: getContractLedgerSummary,
    query: `search=MER&from=${FROM}&to=${TO}&${second}`,
    key: 'contract_id',
    amounts: ['opening', 'credits', 'debits', 'fees', 'closing'],
    format: 'csv',
    matches: (r) => holds(r, 'merchant_db_code', 'MER') || holds(r, 'merchant_name', 'MER'),
  },
  {
    route: '/withdrawal-history/list',
    call: getWithdrawalHistory,
    query: `status=completed&amountMin=1000&sort=amount&direction=asc&timeZone=India&${second}`,
    key: 'id',
    amounts: ['amount'],
    format: 'csv',
    matches: (r) => r.status === 'completed' && scaledAmount(String(r.amount)) >= MIN_AMOUNT,
  },
  {
    route: '/admin-logs',
    call: getAdminLogs,
    query: `action=usdt_rate&targetId=${RATE_CURRENCY}&timeZone=India&${second}`,
    key: 'id',
    amounts: [],
    format: 'csv',
    matches: (r) => r.action === 'usdt_rate.change' && r.target_id === RATE_CURRENCY,
  },
  {
    // The USDT rate history, under the rates in force.
    route: '/force-change-usdt',
    call: getUsdtRateHistory,
    query: `currency=${RATE_CURRENCY}&${second}`,
    key: 'id',
    amounts: ['previous_rate', 'rate'],
    format: 'csv',
    matches: (r) => r.currency === RATE_CURRENCY,
  },
  {
    // Balance adjustments (issue 41): the demo's approved credit, and any a test approved.
    route: '/balance-adjustments/list',
    call: getAdjustmentList,
    query: 'status=approved&sort=amount&direction=desc',
    key: 'id',
    amounts: ['amount', 'signed_amount'],
    format: 'xlsx',
    matches: (r) => r.status === 'approved',
  },
];

type ListAnswer = { rows: Row[]; total: number; page: number; page_size: number };

let browser: Browser;
let admin: { context: BrowserContext; page: Page; session: ApiSession };
/** Every page of the file, so that a failure saves what each showed. */
const pages = new Map<string, Page>();

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await openPage(browser, baseUrl);
  // The first page of a run may wait on a server still busy after seeding the demo world.
  opened.page.setDefaultNavigationTimeout(90_000);
  await opened.page.goto('/login');
  admin = { ...opened, session: await signInKeepingSession(opened.page, 'admin@demo.test') };
  pages.set('admin', admin.page);
  await closeTwoFactorReminder(admin.page);
  // Rate changes of this run's own, for a second page of the rate history and the admin log.
  const { total } = await callAs<ListAnswer>(admin.page, admin.session, 'getUsdtRateHistory', {
    currency: RATE_CURRENCY,
  });
  const fraction = String(Date.now() % 100_000_000).padStart(8, '0');
  for (let i = total; i <= PAGE_SIZE; i += 1) {
    const changed = await callAs<{ pending_change: { id: string } | null }>(
      admin.page,
      admin.session,
      'changeUsdtRate',
      {
        currency: RATE_CURRENCY,
        rate: `${50 + i}.${fraction}`,
        reason: `Admin screens run ${RUN}, change ${i + 1}`,
      },
    );
    // The currency's first rate (a fresh world) waits for a second admin.
    if (changed.pending_change)
      await approveAsSecondAdmin(browser, baseUrl, changed.pending_change.id);
  }
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    for (const [who, shown] of pages)
      if (!shown.isClosed()) await screenshot(shown, `failed-admin-screens-${name}-${who}`, true);
  });
});

/** Key/value pairs in one order, to compare two queries whatever order they were written in. */
const pairsOf = (query: URLSearchParams) => [...query].sort(([a], [b]) => a.localeCompare(b));
/** The rows the table draws, as their text. */
const drawnRows = (page: Page) => $(page, 'list-row').allInnerTexts();

/** The page a list test left open, with the fields its call was sent. */
const opened = new Map<string, Record<string, string>>();

/** Opens `list` with its URL state; answers the fields its call was sent and the answer. */
async function openList(list: AdminList) {
  const { page } = admin;
  const { response, data } = await listAnswerAfter<ListAnswer>(page, list.call.name, () =>
    page.goto(`${list.route}?${list.query}`),
  );
  await closeTwoFactorReminder(page);
  const fields = formFieldsOf(response.request());
  opened.set(list.route, fields);
  return { fields, data };
}

describe.each(LISTS)('$route', (list) => {
  const query = new URLSearchParams(list.query);

  it('keeps its filters, sort and page through a reload, with the same rows', async () => {
    const { page } = admin;
    const before = await openList(list);
    expect(before.data.rows.length).toBeGreaterThan(0);
    const shownBefore = await shownListState(page);
    const drawnBefore = await drawnRows(page);
    expect(drawnBefore.length).toBe(before.data.rows.length);

    const after = await listAnswerAfter<ListAnswer>(page, list.call.name, () => page.reload());
    await closeTwoFactorReminder(page);
    expect(pairsOf(new URL(page.url()).searchParams)).toEqual(pairsOf(query));
    // The same call, asked the same way, answered the same rows.
    const fields = formFieldsOf(after.response.request());
    expect(fields).toEqual(before.fields);
    for (const [key, value] of query)
      if (key !== 'from' && key !== 'to') expect(fields[key], key).toBe(value);
    expect(fields.from !== undefined).toBe(query.has('from'));
    expect(after.data.page).toBe(Number(query.get('page') ?? 1));
    expect(after.data.total).toBe(before.data.total);
    expect(after.data.rows).toEqual(before.data.rows);
    expect(after.data.rows.filter((r) => !list.matches(r))).toEqual([]);
    // The screen shows that state again: page, size, tab, sort, every filter box, the rows.
    const shownAfter = await shownListState(page);
    expect(shownAfter).toEqual(shownBefore);
    expect(shownAfter).toMatchObject(expectedShown(query));
    if (query.has('at')) expect(shownAfter['balance-at']).not.toBe('');
    expect(await drawnRows(page)).toEqual(drawnBefore);
  });

  it(`exports every row matching its filters, not the page on screen (${list.format})`, async () => {
    const { page, session } = admin;
    const fields = opened.get(list.route) ?? (await openList(list)).fields;
    const filters = withoutPage(fields);
    const read = () => everyRow<Row>(page, session, list.call.name, filters);
    // A figure moving while the file is made (another file's late callback) is no difference
    // of the export: read the rows before and after it, and try again until they agree.
    let attempt = 0;
    let all: Awaited<ReturnType<typeof read>>;
    let file: Awaited<ReturnType<typeof exportShown>>;
    for (;;) {
      all = await read();
      file = await exportShown(page, list.format);
      if (JSON.stringify(await read()) === JSON.stringify(all) || ++attempt === 3) break;
    }
    const { table, fileName } = file;
    expect(fileName).toMatch(new RegExp(`^${list.call.name}-.*\\.${list.format}$`));
    const notFilters = new Set(['sort', 'direction', 'timeZone']);
    const given = Object.fromEntries(
      Object.entries(filters).filter(([key]) => !notFilters.has(key)),
    );
    // The filters are in the file's name (a CSV's first line is its header) ...
    for (const part of exportFileBase(list.call.name, given).split('-').slice(1))
      expect(fileName).toContain(part);
    // ... and on an XLSX's Filters sheet.
    if (list.format === 'xlsx') {
      expect(table.heading.Export).toBe(list.call.name);
      expect(
        Object.fromEntries(
          Object.entries(table.heading)
            .filter(([label]) => label.startsWith('Filter '))
            .map(([label, value]) => [label.slice('Filter '.length), value]),
        ),
      ).toEqual(given);
    } else expect(table.heading).toEqual({});

    // More rows than the page on screen wherever the filter matches more than one page.
    expect(all.rows.length).toBe(all.total);
    expect(all.rows.filter((r) => !list.matches(r))).toEqual([]);
    if (query.has('page')) expect(all.total).toBeGreaterThan(PAGE_SIZE);
    const columns = exportColumnsOf(list.call);
    expect(table.names).toEqual(columns.map((c) => c.key));
    const cell = (name: string) => {
      const at = table.names.indexOf(name);
      return table.rows.map((r) => r[at]);
    };
    expect(table.rows.length).toBe(all.total);
    expect(cell(list.key)).toEqual(all.rows.map((r) => r[list.key]));
    for (const amount of list.amounts)
      expect(cell(amount), amount).toEqual(all.rows.map((r) => r[amount] ?? ''));
    // The zone: on an XLSX's Filters sheet; in both formats' names (unless the default).
    const zone = zoneOfHeading(
      list.format === 'xlsx' ? table.heading : { 'Time zone': fields.timeZone ?? 'Default' },
    );
    expect(zone).toBe(fields.timeZone ?? 'Default');
    if (zone !== 'Default') expect(fileName).toContain(`tz=${zone}`);
    expect(table.rows).toEqual(all.rows.map((r) => expectedCells(r, columns, zone, list.format)));
  });
});

describe('/payment-gateway/monitoring', () => {
  it('keeps its currency through a reload, with the same gateways and rules', async () => {
    const { page } = admin;
    const open = async (act: () => Promise<unknown>) => {
      const health = page.waitForResponse((r) => isCall(r.request(), 'getGatewayHealth'));
      const rules = page.waitForResponse((r) => isCall(r.request(), 'getGatewayHealthRules'));
      await act();
      await closeTwoFactorReminder(page);
      const answer = (await (await health).json()) as { data: { gateways: GatewayHealthRow[] } };
      const ruled = (await (await rules).json()) as { data: { rules: { name: string }[] } };
      await page.locator('[data-testid="health-gateways"], [data-testid="health-empty"]').waitFor();
      await page
        .locator('[data-testid="health-rules-table"], [data-testid="health-rules-empty"]')
        .waitFor();
      const codes = answer.data.gateways.map((g) => g.payment_gateway_code);
      const cards = await page.evaluate(
        (all) => all.filter((c) => document.querySelector(`[data-testid="gateway-health-${c}"]`)),
        codes,
      );
      return {
        currency: await $(page, 'health-currency').inputValue(),
        cards,
        myr: answer.data.gateways.filter((g) => g.currency === 'MYR').map((g) => g.id),
        rules: ruled.data.rules.map((r) => r.name),
        ruleRows: await $(page, 'health-rule-row').count(),
      };
    };
    const before = await open(() => page.goto('/payment-gateway/monitoring?currency=MYR'));
    const after = await open(() => page.reload());
    expect(new URL(page.url()).searchParams.get('currency')).toBe('MYR');
    expect(after.currency).toBe('MYR');
    expect(after.myr).toEqual(before.myr);
    expect(after.cards).toEqual(before.cards);
    expect(after.cards.length).toBe(after.myr.length);
    expect(after.cards.length).toBeGreaterThan(0);
    expect(after.cards.every((code) => code.includes('-MYR-'))).toBe(true);
    expect(after.rules).toEqual(before.rules);
    expect(after.ruleRows).toBe(after.rules.length);
  });
});

describe('/general-settings', () => {
  /** Each setting box, the answer field it shows and how many stored units one typed unit is. */
  const SHOWN: Readonly<Record<string, readonly [string, number]>> = {
    liveUpdateIntervalMs: ['live_update_interval_ms', 1000],
    payinStuckMinutes: ['payin_stuck_minutes', 1],
    announcementChannelUrl: ['announcement_channel_url', 1],
    marketingMaterialsUrl: ['marketing_materials_url', 1],
    skypeUrl: ['skype_url', 1],
    loginMaxFailuresPerAccount: ['login_max_failures_per_account', 1],
    loginMaxFailuresPerAddress: ['login_max_failures_per_address', 1],
    loginFailureWindowMinutes: ['login_failure_window_minutes', 1],
    adjustmentThirdApproverFrom: ['adjustment_third_approver_from', 1],
  };
  const NEW_SKYPE = `https://web.skype.com/e2e-admin-screens-${RUN}`;
  let originalSkype: string | undefined;

  afterAll(async () => {
    // The server is shared with the other files: put the link back.
    if (originalSkype !== undefined)
      await callAs(admin.page, admin.session, 'setPlatformSettings', { skypeUrl: originalSkype });
  });

  it('shows the saved values after a reload', async () => {
    const { page } = admin;
    type Settings = { settings: Record<string, string | number> };
    const read = async (act: () => Promise<unknown>) => {
      const general = page.waitForResponse((r) => isCall(r.request(), 'getPlatformSettings'));
      const approvals = page.waitForResponse((r) => isCall(r.request(), 'getApprovalSettings'));
      await act();
      await closeTwoFactorReminder(page);
      const settings = ((await (await general).json()) as { data: Settings }).data.settings;
      const approval = (
        (await (await approvals).json()) as {
          data: { expiry_hours: number; usdt_rate_band_percent: number };
        }
      ).data;
      await $(page, 'live-settings').waitFor();
      const boxes = await page
        .locator('[data-testid="general-settings"] input[data-testid^="setting-"]')
        .evaluateAll((inputs) =>
          Object.fromEntries(
            inputs.map((i) => [i.getAttribute('data-testid'), (i as HTMLInputElement).value]),
          ),
        );
      return { settings, approval, boxes };
    };
    const first = await read(() => page.goto('/general-settings'));
    originalSkype = String(first.settings.skype_url);

    const links = $(page, 'link-settings');
    await $(links, 'setting-skypeUrl').fill(NEW_SKYPE);
    await $(links, 'link-settings-save').click();
    const saving = page.waitForResponse((r) => isCall(r.request(), 'setPlatformSettings'));
    expect(await confirmPopup(page)).toContain(NEW_SKYPE);
    expect(((await (await saving).json()) as { status: number }).status).toBe(200);
    await takeSuccessNote(page);

    const { settings, approval, boxes } = await read(() => page.reload());
    expect(settings.skype_url).toBe(NEW_SKYPE);
    const expected = Object.fromEntries(
      Object.entries(SHOWN).map(([field, [key, scale]]) => {
        const value = settings[key]!;
        return [`setting-${field}`, typeof value === 'number' ? String(value / scale) : value];
      }),
    );
    expect(boxes).toEqual({
      ...expected,
      'setting-expiryHours': String(approval.expiry_hours),
      'setting-usdtRateBandPercent': String(approval.usdt_rate_band_percent),
    });
    expect(boxes['setting-skypeUrl']).toBe(NEW_SKYPE);
  });
});

describe('an admin without the administrator module', () => {
  const OWN_PASSWORD = 'Own-admin#Pass2026';
  const who = { email: `h6-no-admin-${RUN}@e2e.test`, username: `noadm_${RUN}` };
  const routes = ROUTES.filter((r) => r.rule === 'administrator');
  let other: { context: BrowserContext; page: Page };
  let session: ApiSession;

  beforeAll(async () => {
    // A sub-account of the demo admin: an admin account with payin and reports only.
    session = await newAccountWithPassword(
      baseUrl,
      admin.session,
      'createSubAccount',
      { ...who, name: 'Admin Without Administrator', modules: 'payin,reports' },
      OWN_PASSWORD,
    );
    other = await openPage(browser, baseUrl);
    pages.set('no-administrator', other.page);
    await other.page.goto('/login');
    await signIn(other.page, who.email, OWN_PASSWORD);
    await closeTwoFactorReminder(other.page);
  });
  afterAll(async () => other?.context.close());

  it('is sent to the dashboard from every administrator route, and has none in its menu', async () => {
    const { page } = other;
    expect(routes.map((r) => r.pattern)).toContain('/general-settings');
    const outcomes: string[] = [];
    for (const route of routes) {
      await page.goto(route.pattern);
      await settle(page);
      outcomes.push(`${route.pattern} -> ${pathOf(page)}`);
    }
    expect(outcomes).toEqual(routes.map((r) => `${r.pattern} -> /`));
    expect(await $(page, 'page-title').textContent()).toBe('Dashboard');
    const menu = await readMenu(page);
    expect(menu.length).toBeGreaterThan(0);
    const adminPaths = new Set(routes.map((r) => r.pattern));
    expect(menu.filter((line) => adminPaths.has(line.split(' -> ')[1]!))).toEqual([]);
  });

  it('is refused every administrator list and its export by the server', async () => {
    const refused: string[] = [];
    for (const list of LISTS) {
      const asked = { accessToken: session.token, accessUsername: session.username };
      const answer = await callApi(baseUrl, list.call.name, asked);
      refused.push(`${list.call.name}: ${answer.status}`);
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...asked, call: list.call.name, format: 'csv' }))
        form.append(key, value);
      const file = await fetch(`${baseUrl}/controller/admin/${EXPORT_LIST_CALL}`, {
        method: 'POST',
        body: form,
      });
      const body = (await file.json()) as { status: number };
      refused.push(`${EXPORT_LIST_CALL} ${list.call.name}: ${body.status}`);
    }
    const status = ERRORS.NOT_ALLOWED.status;
    expect(refused).toEqual(
      LISTS.flatMap((l) => [
        `${l.call.name}: ${status}`,
        `${EXPORT_LIST_CALL} ${l.call.name}: ${status}`,
      ]),
    );
  });
});
