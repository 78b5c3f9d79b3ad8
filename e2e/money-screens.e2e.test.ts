import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import {
  decideAccess,
  formatAmount,
  formatMoney,
  parseAmount,
  pathOf as contractPathOf,
  RULES,
  ROUTES,
  type CallResponse,
  type getPayinList,
  type getPayoutList,
  type getReportDashboardV3,
  type MoneyDetail,
  type MoneyRequestQuote,
  type RejectReasonRow,
  type RouteId,
  type SettlementRow,
  type Viewer,
} from '@bo/contract';
import { launchBrowser, openPage, pathOf, screenshot, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  isCall,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { byTestId, listAnswerAfter, listSettled, rowOf, shownIds } from './support/lists';
import { answerOf, openList } from './support/money';
import { DEMO_ROLES } from './support/roles';
import { dialogRefusal, takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

/**
 * The money-movement screens (pay-ins, pay-outs, settlements, withdrawals, top-ups) on the shared
 * demo server: what each role reaches, a settlement from request to completion with two admins'
 * approvals and the exact balance change, a rejection with its reason, timeline and journal, a
 * bulk approval, the stuck pay-ins, the pay-out page and the fee split each role may see.
 * One browser for the file; each role signs in once and keeps its page.
 */
type Report = CallResponse<typeof getReportDashboardV3>;
type PayinPage = CallResponse<typeof getPayinList>;
type PayoutPage = CallResponse<typeof getPayoutList>;

const baseUrl = inject('baseUrl');

const EMAILS = {
  admin: 'admin@demo.test',
  admin2: 'admin2@demo.test',
  reseller: 'reseller@demo.test',
  merchant: 'merchant@demo.test',
  'sub-account': 'sub@demo.test',
} as const;
type Who = keyof typeof EMAILS;

interface SignedIn {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly session: ApiSession;
}

let browser: Browser;
const signedIn = new Map<Who, Promise<SignedIn>>();
/** The pages opened so far, so that a failure saves what each one showed. */
const opened = new Map<Who, Page>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const signing of signedIn.values()) await (await signing).context.close();
  await browser?.close();
});
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    for (const [who, page] of opened)
      if (!page.isClosed()) await screenshot(page, `failed-money-${name}-${who}`, true);
  });
});

/** The role's page, signed in once for the whole file. */
function signed(who: Who): Promise<SignedIn> {
  let signing = signedIn.get(who);
  if (!signing) {
    signing = (async () => {
      const { context, page } = await openPage(browser, baseUrl);
      opened.set(who, page);
      const session = await signInKeepingSession(page, EMAILS[who]);
      await closeTwoFactorReminder(page);
      return { context, page, session };
    })();
    signedIn.set(who, signing);
  }
  return signing;
}

/** Goes to `path` inside the running app (a history entry, as a menu link does): no reload. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The message shown under an input (FormField ties it with aria-describedby). */
async function fieldError(input: Locator): Promise<string> {
  await input.and(input.page().locator('[aria-invalid="true"]')).waitFor();
  const id = await input.getAttribute('aria-describedby');
  return (await input.page().locator(`[id="${id}"]`).innerText()).trim();
}

/**
 * Saves a screenshot once the layout's 1.5 s loader has gone (it greys the page) and the CSS
 * transitions under way (a tab's colours) have ended, so the picture shows the settled screen.
 */
async function shot(page: Page, name: string): Promise<void> {
  await preloaderGone(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, name);
}

/** An amount as the screens show it: the contract's formatting and the currency code. */
const shown = (amount: string, currency: string) => `${formatMoney(amount, currency)} ${currency}`;

/** A shown amount ("1,234.50 THB") back to minor units, exactly. */
function minorOf(text: string, currency: string): bigint {
  const minor = parseAmount(text.replace(currency, '').replaceAll(',', '').trim(), currency);
  if (minor === null) throw new Error(`not an amount: ${text}`);
  return minor;
}

/** The demo reseller requests a withdrawal (THB 1.00) unless one of its own waits already. */
async function ensurePendingWithdrawal(): Promise<void> {
  const { page, session } = await signed('reseller');
  const pending = await callAs<{ total: number }>(page, session, 'getWithdrawalList', {
    pendingOnly: '1',
  });
  if (pending.total > 0) return;
  await callAs(page, session, 'requestWithdrawal', {
    currency: 'THB',
    amount: '1.00',
    bankName: 'E2E Reseller Bank',
    accountNumber: '998811',
    accountHolder: 'Andaman Partners',
  });
}

/** The money list screens and the list call each one reads. */
const LIST_CALLS: Partial<Record<RouteId, string>> = {
  payins: 'getPayinList',
  payinsProcessing: 'getPayinList',
  payouts: 'getPayoutList',
  payoutsPending: 'getPayoutList',
  inHousePayoutsPending: 'getPayoutList',
  settlements: 'getSettlementList',
  settlementsPending: 'getSettlementList',
  settlementWallet: 'getSettlementWalletList',
  settlementWalletPending: 'getSettlementWalletList',
  withdrawals: 'getWithdrawalList',
  withdrawalsPending: 'getWithdrawalList',
  topUps: 'getTopUpList',
};
const MONEY_LISTS = Object.keys(LIST_CALLS) as RouteId[];
const routeOf = (id: RouteId) => ROUTES.find((r) => r.id === id)!;

describe('what each role reaches', () => {
  it.each(DEMO_ROLES)(
    '$key: every money list of its menu shows rows; others are refused',
    async (role) => {
      const { page } = await signed(role.key as Who);
      const viewer: Viewer = { accountType: role.accountType, modules: role.modules };
      const allowed = MONEY_LISTS.filter(
        (id) => decideAccess(RULES[routeOf(id).rule], viewer) === 'allowed',
      ).map((id) => routeOf(id).pattern);
      const callOf = new Map(MONEY_LISTS.map((id) => [routeOf(id).pattern, LIST_CALLS[id]!]));
      const inMenu = role.menu.map((line) => line.split(' -> ')[1]!).filter((p) => callOf.has(p));
      // The menu offers exactly the money lists the role may open.
      expect([...inMenu].sort()).toEqual([...allowed].sort());
      expect(inMenu.length).toBeGreaterThan(0);

      // Which reseller's commission the demo seed withdraws from varies from start to start:
      // the demo reseller's withdrawal queue gets an item of its own when it has none.
      if (role.key === 'reseller') await ensurePendingWithdrawal();

      for (const path of inMenu) {
        // In the app, as the menu's links go (a reload per screen would only cost time).
        const answered = page.waitForResponse((r) => isCall(r.request(), callOf.get(path)!));
        await goInApp(page, path);
        expect((await (await answered).json()).status, path).toBe(200);
        await page
          .locator(
            '[data-testid="list-row"], [data-testid="list-empty"], [data-testid="list-error"], [data-testid="not-built"]',
          )
          .first()
          .waitFor();
        await listSettled(page);
        expect(pathOf(page), path).toBe(path);
        expect(await byTestId(page, 'not-built').count(), path).toBe(0);
        expect(await byTestId(page, 'list-error').count(), path).toBe(0);
        expect(await byTestId(page, 'list-skeleton-row').count(), path).toBe(0);
        expect(await byTestId(page, 'list-row').count(), path).toBeGreaterThan(0);
        expect((await byTestId(page, 'page-title').first().innerText()).trim(), path).not.toBe('');
      }

      // A money screen outside the role's access lands on the dashboard, as the app refuses.
      const refused = [...MONEY_LISTS, 'payoutDetails' as const]
        .map(routeOf)
        .find((route) => decideAccess(RULES[route.rule], viewer) !== 'allowed');
      if (role.key === 'admin') expect(refused).toBeUndefined();
      if (refused) {
        const path = contractPathOf(refused.id, { id: '00000000-0000-4000-8000-000000000000' });
        await page.goto(path);
        await settle(page);
        expect(pathOf(page), path).toBe('/');
      }
    },
  );
});

describe('a settlement to bank, from the request to its completion', () => {
  const CURRENCY = 'THB';
  const AMOUNT = '23.45';

  /** The merchant's available balance in THB as its dashboard reads it (getReportDashboardV3). */
  async function dashboardBalance(): Promise<bigint> {
    const { page, session } = await signed('merchant');
    const full = await callAs<{ merchant_info: { account_db_code: string } }>(
      page,
      session,
      'getUserFullData',
    );
    const report = await callAs<Report>(page, session, 'getReportDashboardV3', {
      currency: '-',
      statisticsType: '1M',
      accountType: 'merchant',
      accountDbCode: full.merchant_info.account_db_code,
    });
    const row = report.currency_report.find((r) => r.currency === CURRENCY);
    expect(row, `a ${CURRENCY} card`).toBeDefined();
    return parseAmount(row!.balance, CURRENCY)!;
  }

  let id: string;
  let quote: MoneyRequestQuote;
  let before: bigint;

  it('a merchant requests it from /settlement/list: checked form, quote, then pending', async () => {
    const { page } = await signed('merchant');
    before = await dashboardBalance();
    await openList(page, '/settlement/list');
    const savedAccounts = page.waitForResponse((r) => isCall(r.request(), 'getSettlementSettings'));
    await byTestId(page, 'request-settlement').click();
    const dialog = byTestId(page, 'request-dialog');
    await dialog.waitFor();
    await byTestId(dialog, 'request-currency').selectOption(CURRENCY);
    // Saved bank accounts (settlement settings) come first; this request types another one.
    const settings = (await (await savedAccounts).json()) as {
      data: { bank_accounts: unknown[] };
    };
    if (settings.data.bank_accounts.length > 0)
      await byTestId(dialog, 'request-bankAccountId').selectOption('');

    const amount = byTestId(dialog, 'request-amount');
    const review = byTestId(page, 'request-review');
    // A form the dialog refuses asks the server nothing.
    let quotesAsked = 0;
    const countQuote = (request: Request) => {
      if (isCall(request, 'getMoneyRequestQuote')) quotesAsked += 1;
    };
    page.on('request', countQuote);
    await review.click();
    expect(await fieldError(amount)).toBe('This field is required.');
    expect(await fieldError(byTestId(dialog, 'request-bankName'))).toBe('This field is required.');
    await amount.fill('10.123');
    await review.click();
    expect(await fieldError(amount)).toBe(
      `Enter an amount above zero with no more decimals than ${CURRENCY} allows.`,
    );
    await amount.fill('0');
    await review.click();
    expect(await fieldError(amount)).toBe(
      `Enter an amount above zero with no more decimals than ${CURRENCY} allows.`,
    );

    page.off('request', countQuote);
    expect(quotesAsked).toBe(0);

    await amount.fill(AMOUNT);
    await byTestId(dialog, 'request-bankName').fill('E2E Settlement Bank');
    await byTestId(dialog, 'request-accountNumber').fill('4455667788');
    await byTestId(dialog, 'request-accountHolder').fill('Siam Digital Store');
    quote = await answerOf<MoneyRequestQuote>(page, 'getMoneyRequestQuote', () => review.click());
    const figures = byTestId(dialog, 'quote');
    await figures.waitFor();
    const figure = async (key: string) =>
      (await figures.locator(`[data-quote="${key}"]`).innerText()).trim();
    expect(quote.amount).toBe(AMOUNT);
    expect(quote.direction).toBe('debit');
    expect(quote.enough).toBe(true);
    // What the dialog shows is the server's quote, and the quote adds up, exactly.
    for (const key of ['available', 'amount', 'fee', 'total', 'remaining'] as const)
      expect(await figure(key), key).toBe(shown(quote[key], CURRENCY));
    const minor = (text: string) => parseAmount(text, CURRENCY)!;
    expect(minor(quote.fee)).toBeGreaterThan(0n);
    expect(minor(quote.total)).toBe(minor(quote.amount) + minor(quote.fee));
    expect(minor(quote.remaining)).toBe(minor(quote.available) - minor(quote.total));
    // The balance quoted is the one the dashboard shows.
    expect(quote.available).toBe(formatAmount(before, CURRENCY));
    await shot(page, 'money-settlement-request-review');

    const row = await answerOf<SettlementRow>(page, 'requestSettlement', () =>
      byTestId(page, 'request-confirm').click(),
    );
    id = row.id;
    expect(row).toMatchObject({ status: 'pending', amount: AMOUNT, fee: quote.fee });
    await dialog.waitFor({ state: 'detached' });
    expect(await takeSuccessNote(page)).toBe('The request was recorded and waits for approval.');
    // The list reads again: the new request is there, pending, no approval yet.
    const listed = rowOf(page, id);
    await listed.locator('[data-testid="status-badge"][data-status="pending"]').waitFor();
    expect((await byTestId(listed, 'approvals').innerText()).trim()).toBe('0 of 2');
    expect(await listed.innerText()).toContain(shown(AMOUNT, CURRENCY));
  });

  it('admin approves it first: "1 of 2", and another admin must approve', async () => {
    const { page } = await signed('admin');
    await openList(page, `/settlement/pending-list?search=${id}`);
    const row = rowOf(page, id);
    expect((await byTestId(row, 'approvals').innerText()).trim()).toBe('0 of 2');
    await byTestId(row, 'decide-approve').click();
    const dialog = byTestId(page, 'decision-dialog');
    await dialog.waitFor();
    expect(await byTestId(dialog, 'decision-totals').innerText()).toContain(
      shown(AMOUNT, CURRENCY),
    );
    const answer = await answerOf<object>(page, 'approveSettlement', () =>
      byTestId(dialog, 'decision-confirm').click(),
    );
    expect(answer).toEqual({ id, status: 'pending', approvals: 1, approvals_required: 2 });
    const results = byTestId(page, 'decision-results');
    await results.waitFor();
    const outcome = byTestId(results, 'decision-outcome');
    expect(await outcome.count()).toBe(1);
    expect(await outcome.getAttribute('data-waiting')).toBe('true');
    expect(await outcome.innerText()).toContain(id.slice(0, 8));
    expect(await outcome.innerText()).toContain(
      'Approved 1 of 2: another admin must approve it too',
    );
    await shot(page, 'money-settlement-first-approval');
    await results.locator('.modal-footer .btn-primary').click();
    await results.waitFor({ state: 'detached' });
    await byTestId(row, 'approvals').filter({ hasText: '1 of 2' }).waitFor();
    expect(await row.locator('[data-testid="status-badge"]').getAttribute('data-status')).toBe(
      'pending',
    );

    // The same admin cannot give the second approval: the server refuses and says why.
    await byTestId(row, 'decide-approve').click();
    const refused = page.waitForResponse((r) => isCall(r.request(), 'approveSettlement'));
    await byTestId(dialog, 'decision-confirm').click();
    const again = (await (await refused).json()) as { status: number; message: string };
    expect(again.status).toBe(409);
    // Shown inside the decision dialog, never in a popup over it.
    const refusal = dialogRefusal(page);
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(
      /already approved this settlement; another admin must approve it/,
    );
    expect(await page.locator('.swal2-container').count()).toBe(0);
    await dialog.locator('.modal-footer .btn-light').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a second admin approves it: approved', async () => {
    const { page } = await signed('admin2');
    await openList(page, `/settlement/pending-list?search=${id}`);
    const row = rowOf(page, id);
    expect((await byTestId(row, 'approvals').innerText()).trim()).toBe('1 of 2');
    await byTestId(row, 'decide-approve').click();
    const dialog = byTestId(page, 'decision-dialog');
    await byTestId(dialog, 'decision-reason').fill('Second approval (e2e)');
    const answer = await answerOf<object>(page, 'approveSettlement', () =>
      byTestId(dialog, 'decision-confirm').click(),
    );
    expect(answer).toEqual({ id, status: 'approved', approvals: 2, approvals_required: 2 });
    // Nothing more to say: the dialog closes and the row shows its new state.
    await dialog.waitFor({ state: 'detached' });
    expect(await byTestId(page, 'decision-results').count()).toBe(0);
    await row.locator('[data-testid="status-badge"][data-status="approved"]').waitFor();
    expect(await byTestId(row, 'approvals').count()).toBe(0);
  });

  it('admin completes it; the merchant sees it completed, its balance down by amount + fee', async () => {
    const { page } = await signed('admin');
    await openList(page, `/settlement/pending-list?search=${id}`);
    const row = rowOf(page, id);
    await row.locator('[data-testid="status-badge"][data-status="approved"]').waitFor();
    expect(await byTestId(row, 'decide-approve').count()).toBe(0);
    await byTestId(row, 'decide-complete').click();
    const dialog = byTestId(page, 'decision-dialog');
    // Marking a bank settlement done asks for the bank's reference, checked in place.
    const reference = byTestId(dialog, 'transfer-bankReference');
    await byTestId(dialog, 'decision-confirm').click();
    expect(await fieldError(reference)).toBe('This field is required.');
    await reference.fill('FT 123');
    await byTestId(dialog, 'decision-confirm').click();
    expect(await fieldError(reference)).toBe(
      'Enter 4 to 40 letters, digits or - / . : _ without spaces.',
    );
    const today = new Date().toISOString().slice(0, 10);
    await reference.fill('FT26336E2E/0001');
    await byTestId(dialog, 'transfer-valueDate').fill(today);
    await byTestId(dialog, 'transfer-sendingAccount').fill('KBANK 001-2-33344-5');
    await byTestId(dialog, 'decision-reason').fill('Morning batch (e2e)');
    const answer = await answerOf<{ status: string }>(page, 'completeSettlement', () =>
      byTestId(dialog, 'decision-confirm').click(),
    );
    expect(answer.status).toBe('completed');
    await dialog.waitFor({ state: 'detached' });
    // Completed, it has left the queue.
    await row.waitFor({ state: 'detached' });

    const merchant = (await signed('merchant')).page;
    await openList(merchant, `/settlement/list?search=${id}`);
    await rowOf(merchant, id).locator('[data-status="completed"]').waitFor();
    // Its detail shows the transfer, in its fields and on the step that marked it done.
    await byTestId(rowOf(merchant, id), 'open-detail').click();
    const drawer = byTestId(merchant, 'money-detail');
    await byTestId(drawer, 'money-detail-view').waitFor();
    expect(await drawer.locator('[data-field="bank_reference"] dd').innerText()).toBe(
      'FT26336E2E/0001',
    );
    expect(await drawer.locator('[data-field="value_date"] dd').innerText()).toBe(today);
    expect(await drawer.locator('[data-field="sending_account"] dd').innerText()).toBe(
      'KBANK 001-2-33344-5',
    );
    await byTestId(drawer, 'detail-tab-timeline').click();
    expect(await byTestId(drawer, 'timeline-transfer').innerText()).toBe(
      `Bank reference: FT26336E2E/0001 · Value date: ${today} · Sent from account: KBANK 001-2-33344-5`,
    );
    await merchant.keyboard.press('Escape');
    const after = await dashboardBalance();
    const spent = parseAmount(quote.total, CURRENCY)!;
    expect(parseAmount(quote.amount, CURRENCY)! + parseAmount(quote.fee, CURRENCY)!).toBe(spent);
    expect(formatAmount(after, CURRENCY)).toBe(formatAmount(before - spent, CURRENCY));
  });
});

describe('a rejected pay-out', () => {
  let payoutId: string;
  let orderId: string;
  let reason: RejectReasonRow;
  const NOTE = 'The account holder differs from the beneficiary (e2e).';

  it('admin rejects it from /payouts/pending-list: reason and note are required', async () => {
    const merchant = await signed('merchant');
    orderId = `E2E-REJECT-${Date.now()}`;
    const created = await callAs<{ id: string; status: string }>(
      merchant.page,
      merchant.session,
      'createPayout',
      {
        currency: 'THB',
        amount: '7.89',
        orderId,
        bankName: 'E2E Bank',
        accountNumber: '1122334455',
        accountHolder: 'E2E Beneficiary',
      },
    );
    expect(created.status).toBe('pending_approval');
    payoutId = created.id;

    const { page, session } = await signed('admin');
    const reasons = await callAs<{ rows: RejectReasonRow[] }>(page, session, 'getRejectReasons');
    reason = reasons.rows.find((r) => !r.is_system)!;
    await openList(page, `/payouts/pending-list?search=${orderId}`);
    expect(await shownIds(page)).toEqual([payoutId]);
    const row = rowOf(page, payoutId);
    await byTestId(row, 'decide-reject').click();
    const dialog = byTestId(page, 'decision-dialog');
    await dialog.waitFor();
    let sent = false;
    const watch = (request: Request) => {
      if (isCall(request, 'rejectPayout')) sent = true;
    };
    page.on('request', watch);
    await byTestId(dialog, 'decision-confirm').click();
    await dialog.locator('.invalid-feedback').nth(1).waitFor();
    expect(await dialog.locator('.invalid-feedback').allInnerTexts()).toEqual([
      'Choose the reason.',
      'Write a note for the requester.',
    ]);
    expect(await byTestId(dialog, 'decision-reason-code').getAttribute('class')).toContain(
      'is-invalid',
    );
    page.off('request', watch);
    expect(sent).toBe(false);

    await byTestId(dialog, 'decision-reason-code').selectOption(reason.code);
    await byTestId(dialog, 'decision-reason').fill(NOTE);
    const answer = await answerOf<{ status: string }>(page, 'rejectPayout', () =>
      byTestId(dialog, 'decision-confirm').click(),
    );
    expect(answer.status).toBe('rejected');
    await dialog.waitFor({ state: 'detached' });
    // No longer waiting for approval: it leaves the queue.
    await row.waitFor({ state: 'detached' });
  });

  it('its detail shows the reason, the state change by the admin, balanced journals', async () => {
    const { page, session } = await signed('admin');
    await openList(page, `/payouts/list?search=${orderId}`);
    const row = rowOf(page, payoutId);
    const badge = row.locator('[data-testid="status-badge"]');
    expect(await badge.getAttribute('data-status')).toBe('rejected');
    expect(await badge.innerText()).toBe('Rejected');
    // Rejected, it never completed: its Completed cell is empty.
    const columns = await page
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
    const completed = columns.indexOf('completed_at');
    expect(completed).toBeGreaterThan(-1);
    expect((await row.locator('td').nth(completed).innerText()).trim()).toBe('');
    // Its own tab: the Rejected tab lists it, the Failed tab does not.
    const tabbed = await listAnswerAfter<{ rows: { id: string }[] }>(page, 'getPayoutList', () =>
      byTestId(page, 'list-status-tab-rejected').click(),
    );
    expect(tabbed.data.rows.map((r) => r.id)).toEqual([payoutId]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('rejected');
    const detail = await answerOf<MoneyDetail>(page, 'getMoneyDetail', () =>
      byTestId(row, 'open-detail').click(),
    );
    const drawer = byTestId(page, 'money-detail');
    await byTestId(drawer, 'money-detail-view').waitFor();
    // The reason's label comes with getRejectReasons (the code shows until it has answered).
    const rejection = byTestId(drawer, 'rejection').filter({ hasText: reason.label });
    await rejection.waitFor();
    expect(await rejection.innerText()).toContain(NOTE);
    // Its fields show when it was made and last changed, and no completion.
    const fields = byTestId(drawer, 'money-detail-view');
    await fields.locator('[data-field="updated_at"]').waitFor();
    expect(await fields.locator('[data-field="completed_at"]').count()).toBe(0);

    await byTestId(drawer, 'detail-tab-timeline').click();
    const change = byTestId(drawer, 'detail-timeline').locator('li[data-event="status_change"]');
    await change.first().waitFor();
    expect(await change.count()).toBe(1);
    expect(
      await change
        .locator('[data-testid="status-badge"]')
        .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status'))),
    ).toEqual(['pending_approval', 'rejected']);
    // Oldest first, each step at or after the one before; the void follows the rejection.
    const steps = detail.timeline.map((e) => e.at);
    expect(steps).toEqual([...steps].sort());
    expect(detail.timeline.map((e) => e.event)).toEqual([
      'created',
      'journal',
      'status_change',
      'journal',
    ]);
    const text = await change.innerText();
    expect(text).toContain(`User: ${session.username}`);
    expect(text).toContain(NOTE);

    await byTestId(drawer, 'detail-tab-journal').click();
    const journals = byTestId(drawer, 'detail-journal').locator('section');
    await journals.first().waitFor();
    expect(await journals.evaluateAll((s) => s.map((e) => e.getAttribute('data-kind')))).toEqual(
      detail.journal.map((j) => j.kind),
    );
    expect(detail.journal.map((j) => j.kind)).toEqual(['payout.reserve', 'payout.void']);
    for (const [index, entry] of detail.journal.entries()) {
      const lines = await journals
        .nth(index)
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.innerText.trim())),
        );
      expect(lines.length).toBe(entry.lines.length);
      const sum = (column: 2 | 3) =>
        lines.reduce(
          (total, line) => total + (line[column] ? minorOf(line[column]!, 'THB') : 0n),
          0n,
        );
      expect(sum(2), entry.kind).toBeGreaterThan(0n);
      expect(sum(2), entry.kind).toBe(sum(3));
    }
    await shot(page, 'money-payout-rejected-journal');
  });
});

describe('live queues', () => {
  it('a new pay-out appears in the open pending queue without a reload', async () => {
    const { page } = await signed('admin');
    await openList(page, '/payouts/pending-list');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const merchant = await signed('merchant');
    const created = await callAs<{ id: string }>(merchant.page, merchant.session, 'createPayout', {
      currency: 'THB',
      amount: '6.54',
      orderId: `E2E-LIVE-${Date.now()}`,
      bankName: 'E2E Bank',
      accountNumber: '5544332211',
      accountHolder: 'E2E Beneficiary',
    });
    // The queue reads again at the server's live-update interval (4 s in this suite).
    await rowOf(page, created.id).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });
});

describe('bulk decisions', () => {
  it('admin approves two pending withdrawals at once: both wait for a second approval', async () => {
    const reseller = await signed('reseller');
    const ids: string[] = [];
    for (const amount of ['1.23', '2.34']) {
      const row = await callAs<{ id: string; status: string }>(
        reseller.page,
        reseller.session,
        'requestWithdrawal',
        {
          currency: 'THB',
          amount,
          bankName: 'E2E Reseller Bank',
          accountNumber: '998811',
          accountHolder: 'Andaman Partners',
        },
      );
      expect(row.status).toBe('pending');
      ids.push(row.id);
    }

    const { page } = await signed('admin');
    await openList(page, '/withdrawals/pending-list');
    for (const id of ids) await byTestId(rowOf(page, id), 'select-row').check();
    const bar = byTestId(page, 'bulk-bar');
    await bar.waitFor();
    expect(await bar.innerText()).toContain('2 selected');
    expect(await bar.innerText()).toContain(shown('3.57', 'THB'));
    await byTestId(bar, 'bulk-approve').click();
    const dialog = byTestId(page, 'decision-dialog');
    expect((await byTestId(dialog, 'decision-confirm').innerText()).trim()).toBe('Approve 2 items');
    const answer = await answerOf<{ results: { id: string; ok: boolean }[] }>(
      page,
      'decideWithdrawals',
      () => byTestId(dialog, 'decision-confirm').click(),
    );
    // One answer per item, in the order the screen asked (the list's order).
    const asked = answer.results.map((r) => r.id);
    expect([...asked].sort()).toEqual([...ids].sort());
    const results = byTestId(page, 'decision-results');
    await results.waitFor();
    const outcomes = byTestId(results, 'decision-outcome');
    expect(await outcomes.count()).toBe(2);
    const listed = await outcomes.evaluateAll((items) =>
      items.map((li) => ({
        ok: li.getAttribute('data-ok'),
        waiting: li.getAttribute('data-waiting'),
        text: (li as HTMLElement).innerText,
      })),
    );
    listed.forEach((outcome, i) => {
      expect(outcome).toMatchObject({ ok: 'true', waiting: 'true' });
      expect(outcome.text).toContain(asked[i]!.slice(0, 8));
      expect(outcome.text).toContain('Approved 1 of 2: another admin must approve it too');
    });
    await shot(page, 'money-withdrawals-bulk-results');
    await results.locator('.modal-footer .btn-primary').click();
    await results.waitFor({ state: 'detached' });
    for (const id of ids)
      await byTestId(rowOf(page, id), 'approvals').filter({ hasText: '1 of 2' }).waitFor();
    expect(await byTestId(page, 'bulk-bar').count()).toBe(0);
  });
});

/** The English names of the pay-in states (list.status). */
const STATUS_LABELS: Record<string, string> = {
  created: 'Created',
  processing: 'Processing',
  success: 'Success',
  failed: 'Failed',
  expired: 'Expired',
};

describe('the processing pay-ins', () => {
  it('marks the stuck pay-in, and an admin asks its gateway from the row', async () => {
    const { page, session } = await signed('admin');
    const { payin_stuck_minutes: stuckAfter } = await callAs<{ payin_stuck_minutes: number }>(
      page,
      session,
      'getAppSettings',
    );
    const { data } = await listAnswerAfter<PayinPage>(page, 'getPayinList', () =>
      openList(page, '/transactions/processing-list'),
    );
    const stuckRow = page.locator('[data-testid="list-row"]:has([data-testid="stuck"])').first();
    await stuckRow.waitFor();
    const id = (await byTestId(stuckRow, 'open-detail').getAttribute('title'))!;
    const payin = data.rows.find((r) => r.id === id)!;
    expect(Date.now() - Date.parse(payin.created_at)).toBeGreaterThanOrEqual(stuckAfter * 60_000);
    expect(await byTestId(stuckRow, 'stuck').innerText()).toMatch(/^Stuck \d+ (min|hours?|days?)$/);
    // Pay-ins still young wait without the mark and without the button.
    const young = page.locator('[data-testid="list-row"]:has([data-testid="waiting"])');
    expect(await young.locator('[data-testid="query-gateway"]').count()).toBe(0);
    await shot(page, 'money-processing-stuck');

    const answer = await answerOf<{ gateway_status: string; status: string; changed: boolean }>(
      page,
      'queryPayinAtGateway',
      () => byTestId(stuckRow, 'query-gateway').click(),
    );
    const said = await takeSuccessNote(page);
    expect(said).toBe(
      answer.changed
        ? `The gateway says ${answer.gateway_status.replace('_', ' ')}: the pay-in is now ${STATUS_LABELS[answer.status]}.`
        : `The gateway says ${answer.gateway_status.replace('_', ' ')}: the pay-in stays ${STATUS_LABELS[answer.status]}.`,
    );
  });

  it('shows a merchant its stuck pay-ins without the gateway query', async () => {
    const { page } = await signed('merchant');
    await openList(page, '/transactions/processing-list');
    await byTestId(page, 'list-row').first().waitFor();
    expect(await byTestId(page, 'query-gateway').count()).toBe(0);
  });
});

describe('the pay-out page', () => {
  it('opens /payout/{id}/details for a pay-out of the list', async () => {
    const { page } = await signed('admin');
    const { data } = await listAnswerAfter<PayoutPage>(page, 'getPayoutList', () =>
      openList(page, '/payouts/list'),
    );
    const [id] = await shownIds(page);
    const payout = data.rows.find((r) => r.id === id)!;
    await page.goto(`/payout/${id}/details`);
    await closeTwoFactorReminder(page);
    const view = byTestId(page, 'payout-details');
    await byTestId(view, 'money-detail-view').waitFor();
    expect(pathOf(page)).toBe(`/payout/${id}/details`);
    const field = async (key: string) =>
      (await view.locator(`[data-field="${key}"] dd`).innerText()).trim();
    expect(await field('id')).toBe(id);
    expect(await field('order_id')).toBe(payout.order_id);
    expect(await field('amount')).toBe(shown(payout.amount, payout.currency));
    expect(
      await view
        .locator('[data-field="status"] [data-testid="status-badge"]')
        .getAttribute('data-status'),
    ).toBe(payout.status);
    for (const tab of ['fields', 'timeline', 'journal'])
      expect(await byTestId(view, `detail-tab-${tab}`).count(), tab).toBe(1);
    await shot(page, 'money-payout-details');
  });
});

describe('the fee split of a successful pay-in', () => {
  const SPLIT = [
    'amount',
    'fee',
    'merchant_net',
    'reseller_commission',
    'platform_profit',
    'gateway_cost',
  ] as const;

  /** Opens the row's detail, its journal tab, and reads the split as shown. */
  async function splitShown(page: Page, id: string) {
    const detail = await answerOf<MoneyDetail>(page, 'getMoneyDetail', () =>
      byTestId(rowOf(page, id), 'open-detail').click(),
    );
    const drawer = byTestId(page, 'money-detail');
    await byTestId(drawer, 'detail-tab-journal').click();
    const split = byTestId(drawer, 'fee-split');
    await split.waitFor();
    const shownSplit = await split
      .locator('[data-split]')
      .evaluateAll((items) =>
        Object.fromEntries(
          items.map((dd) => [dd.getAttribute('data-split'), (dd as HTMLElement).innerText.trim()]),
        ),
      );
    return { detail, drawer, shownSplit };
  }

  let payinId: string;

  it('shows an admin merchant net, reseller commission, platform profit and gateway cost', async () => {
    const { page } = await signed('admin');
    const { data } = await listAnswerAfter<PayinPage>(page, 'getPayinList', () =>
      openList(page, '/transactions?status=success&merchantDbCode=MER00001'),
    );
    const payin = data.rows[0]!;
    payinId = payin.id;
    const { detail, shownSplit } = await splitShown(page, payinId);
    const split = detail.journal.find((j) => j.fee_split)!.fee_split!;
    const c = payin.currency;
    expect(shownSplit).toEqual(Object.fromEntries(SPLIT.map((k) => [k, shown(split[k]!, c)])));
    // The split adds up: the merchant's net and the fee make the amount; the fee is shared
    // between the reseller, the platform and the gateway.
    const m = (key: (typeof SPLIT)[number]) => parseAmount(split[key]!, c)!;
    expect(m('fee') + m('merchant_net')).toBe(m('amount'));
    expect(m('reseller_commission') + m('platform_profit') + m('gateway_cost')).toBe(m('fee'));
    expect(split.amount).toBe(payin.amount);
    expect(split.fee).toBe(payin.fee);
    expect(split.merchant_net).toBe(payin.net_amount);
    await shot(page, 'money-payin-fee-split-admin');
  });

  it('shows the merchant the same pay-in without platform profit or gateway cost', async () => {
    const { page } = await signed('merchant');
    await openList(page, `/transactions?search=${payinId}`);
    const { detail, drawer, shownSplit } = await splitShown(page, payinId);
    const split = detail.journal.find((j) => j.fee_split)!.fee_split!;
    const c = (detail.row as { currency: string }).currency;
    expect(split.platform_profit).toBeNull();
    expect(split.gateway_cost).toBeNull();
    expect(shownSplit).toEqual({
      amount: shown(split.amount, c),
      fee: shown(split.fee, c),
      merchant_net: shown(split.merchant_net, c),
    });
    expect(await drawer.innerText()).not.toContain('Platform profit');
    expect(await drawer.innerText()).not.toContain('Gateway cost');
    // The platform's and the gateway's lines are left out, and the merchant is told so.
    expect(await byTestId(drawer, 'detail-journal').innerText()).toMatch(
      /\d+ lines? on accounts outside your scope (is|are) not shown\./,
    );
    await shot(page, 'money-payin-fee-split-merchant');
  });
});

describe('the global search', () => {
  it('/ focuses the top bar search; an order id finds the pay-in, Enter opens its detail', async () => {
    const { page, session } = await signed('merchant');
    const { rows } = await callAs<PayinPage>(page, session, 'getPayinList', {
      pageSize: '50',
      status: 'success',
    });
    // One that no other file of the lane's world refunded or disputed: its refunds and disputes
    // carry its order id, so the search would find them too.
    const payin = rows.find((r) => !r.disputed && /^[0.]+$/.test(r.refunded_amount))!;
    expect(payin).toBeDefined();
    await openList(page, '/transactions');
    await page.locator('body').focus();
    await page.keyboard.press('/');
    const box = byTestId(page, 'global-search-input');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(payin.order_id);
    const option = byTestId(page, 'global-search-option');
    await option.waitFor();
    expect(await option.count()).toBe(1);
    expect(await page.locator('#global-search-group-payin').textContent()).toBe('Pay-in');
    // The amount and status as the list shows them: "8,934.44 THB · Success".
    expect(await option.innerText()).toContain(
      `${formatMoney(payin.amount, payin.currency)} ${payin.currency} · Success`,
    );
    await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    const detail = await answerOf<MoneyDetail>(page, 'getMoneyDetail', () =>
      page.keyboard.press('Enter'),
    );
    expect(detail.row.id).toBe(payin.id);
    // Opened, the box is empty for the next search.
    expect(await box.inputValue()).toBe('');
    const drawer = byTestId(page, 'money-detail');
    await byTestId(drawer, 'money-detail-view').waitFor();
    expect(await drawer.innerText()).toContain(payin.id);
    await shot(page, 'global-search-detail');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Another merchant's pay-in is not found, even by its exact id.
    const admin = await signed('admin');
    const foreign = await callAs<PayinPage>(admin.page, admin.session, 'getPayinList', {
      merchantDbCode: 'MER00004',
      pageSize: '1',
    });
    await box.fill(foreign.rows[0]!.id);
    await byTestId(page, 'global-search-status').filter({ hasText: 'Nothing found' }).waitFor();
    expect(await option.count()).toBe(0);
  });

  it('searches as the user types, from 4 characters, by the start of an id', async () => {
    const { page, session } = await signed('merchant');
    const { rows } = await callAs<PayinPage>(page, session, 'getPayinList', { pageSize: '1' });
    const payin = rows[0]!;
    await openList(page, '/transactions');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (isCall(r, 'globalSearch')) sent.push(r.postData() ?? '');
    });
    const box = byTestId(page, 'global-search-input');
    const status = byTestId(page, 'global-search-status');
    await box.focus();
    // Three characters: told to type more, and nothing is asked.
    await page.keyboard.type(payin.id.slice(0, 3), { delay: 40 });
    await status.filter({ hasText: 'Type at least 4 characters.' }).waitFor();
    await page.waitForTimeout(600);
    expect(sent).toEqual([]);
    // On to the first 13 (a keystroke every 40 ms): asked once typing pauses, not per key.
    await page.keyboard.type(payin.id.slice(3, 13), { delay: 40 });
    const option = byTestId(page, 'global-search-option').filter({ hasText: payin.order_id });
    await option.waitFor();
    expect(await option.innerText()).toContain('Id');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(payin.id.slice(0, 13));
    await box.fill('');
  });
});
